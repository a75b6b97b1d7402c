import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FlowDiagram, type FlowStep, type FlowTone } from './flow-diagram';

const LABELS = [
  'Premier contact',
  'Entretien de découverte',
  'Présentation du réseau',
  'Validation du parrain',
  'Dossier de candidature',
  'Pièces d’identité',
  'Attestation ORIAS',
  'Assurance RC professionnelle',
  'Signature du contrat de mandat',
  'Création des accès',
  'Formation initiale',
  'Premier rendez-vous client',
  'Intégration terminée',
];
const WORDS: Record<FlowTone, string> = {
  done: 'Terminé',
  current: 'En cours',
  waiting: 'À venir',
  cancelled: 'Annulé',
};

const steps = (current: number, tone: FlowTone = 'current'): FlowStep[] =>
  LABELS.map((label, i) => {
    const state: FlowTone = i < current ? 'done' : i === current ? tone : 'waiting';
    return { id: String(i + 1), label, status: WORDS[state], tone: state };
  });

const legend = (['done', 'current', 'waiting', 'cancelled'] as const).map((tone) => ({
  tone,
  label: WORDS[tone],
}));

const meta = {
  title: 'Data/FlowDiagram',
  component: FlowDiagram,
  args: { label: 'Parcours d’inscription de Zoé Arnaud', steps: steps(6), legend },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FlowDiagram>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnderWay: Story = {
  play: async ({ canvas }) => {
    const figure = canvas.getByRole('figure', { name: 'Parcours d’inscription de Zoé Arnaud' });
    // Screen readers get the 13 steps in order, with their state.
    const items = figure.querySelectorAll('ol > li');
    await expect(items).toHaveLength(13);
    await expect(items[6]).toHaveTextContent('Attestation ORIAS : En cours');
    await expect(canvas.getByText('À venir')).toBeInTheDocument();
  },
};

export const Cancelled: Story = { args: { steps: steps(3, 'cancelled') } };

export const Finished: Story = { args: { steps: steps(13) } };
