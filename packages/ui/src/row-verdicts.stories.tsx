import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RowVerdicts } from './row-verdicts';

const meta = {
  title: 'Données/RowVerdicts',
  component: RowVerdicts,
  args: {
    columns: ['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP'],
    labels: {
      caption: 'Aperçu de l’import, ligne par ligne',
      line: 'Ligne',
      verdict: 'Erreurs',
      valid: 'Valide',
    },
    rows: [
      {
        line: 2,
        cells: ['anne.roux@exemple.fr', 'Roux', 'Anne', 'Mandataire', 'CGP0042'],
        errors: [],
      },
      {
        line: 3,
        cells: ['pas-un-mail', 'Blanc', 'Marc', 'Inconnu', ''],
        errors: [
          "E-mail : Cette valeur n'est pas une adresse email valide.",
          "Profil : Le profil « Inconnu » n'existe pas.",
        ],
      },
      {
        line: 4,
        cells: ['anne.roux@exemple.fr', 'Roux', 'Anne', 'Admin', ''],
        errors: ['E-mail : Cette adresse e-mail figure plusieurs fois dans le fichier.'],
      },
    ],
  },
} satisfies Meta<typeof RowVerdicts>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ImportPreview: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
    await expect(canvas.getByText('Valide')).toBeInTheDocument();
    await expect(
      canvas.getByText("Profil : Le profil « Inconnu » n'existe pas."),
    ).toBeInTheDocument();
  },
};

export const AllValid: Story = {
  args: {
    rows: [
      { line: 2, cells: ['a@exemple.fr', 'A', 'Anne', 'Admin', ''], errors: [] },
      { line: 3, cells: ['b@exemple.fr', 'B', 'Bruno', 'Communication', ''], errors: [] },
    ],
  },
};
