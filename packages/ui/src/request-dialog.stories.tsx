import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type FormEvent } from 'react';
import { expect, fn, screen, within } from 'storybook/test';
import {
  RequestDialog,
  type RequestDialogField,
  type RequestDialogProps,
  type RequestDialogValues,
} from './request-dialog';

const LABELS = {
  title: 'Titre',
  description: 'Description',
  document: 'Document',
  chooseDocument: 'Choisir un document',
  status: 'Statut',
  comment: 'Commentaire',
  save: 'Enregistrer',
  cancel: 'Annuler',
};
const DOCUMENTS = [
  { value: '/media_objects/7', label: 'Bareme 2026.pdf' },
  { value: '/media_objects/8', label: 'Directive DDA.pdf' },
];
const STATUSES = ['en étude', 'refusée', 'traitée'] as const;
const EMPTY: RequestDialogValues = {
  title: '',
  description: '',
  document: '',
  status: 'en étude',
  comment: '',
};
const OPENED: RequestDialogValues = {
  title: 'Barème à jour',
  description: '<p>Les frais de <strong>2026</strong> manquent.</p>',
  document: '/media_objects/7',
  status: 'traitée',
  comment: 'Barème remplacé.',
};

type DemoProps = Pick<RequestDialogProps, 'mode' | 'heading' | 'failure'> & {
  initial: RequestDialogValues;
  onSave: (values: RequestDialogValues) => void;
  onClose: () => void;
};

/** The rules the feature's form applies (required fields), held in local state. */
function RequestDemo({ initial, onSave, ...props }: DemoProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<RequestDialogField, string>>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<RequestDialogField, string>> = {};
    if (!values.title.trim()) found.title = 'Ce champ est obligatoire.';
    if (!values.description.replace(/<[^>]*>/g, '').trim())
      found.description = 'Ce champ est obligatoire.';
    if (!values.document) found.document = 'Ce champ est obligatoire.';
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(values);
  };
  return (
    <RequestDialog
      {...props}
      labels={LABELS}
      values={values}
      errors={errors}
      documents={DOCUMENTS}
      statuses={STATUSES}
      onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
      onSubmit={submit}
    />
  );
}

const meta = {
  // Rich HTML: the story runner renders it under jsdom (DOMPurify needs a faithful DOM).
  parameters: { testEnvironment: 'jsdom' },
  title: 'Bibliothèques/RequestDialog',
  component: RequestDemo,
  args: {
    mode: 'create',
    heading: 'Créer une Demande de Modification',
    initial: EMPTY,
    onSave: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof RequestDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Créer une Demande de Modification' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await expect(within(dialog).getAllByText('Ce champ est obligatoire.')).toHaveLength(3);
    await expect(within(dialog).getByLabelText('Titre')).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    await expect(within(dialog).queryByLabelText('Statut')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Titre'), 'Barème à jour');
    await userEvent.selectOptions(within(dialog).getByLabelText('Document'), 'Bareme 2026.pdf');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Description' }),
      'Les frais manquent.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Barème à jour', document: '/media_objects/7' }),
    );
  },
};

export const Handle: Story = {
  args: { mode: 'handle', heading: 'Demande de modification', initial: OPENED },
  play: async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Demande de modification' });
    await expect(within(dialog).getByLabelText('Document')).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Statut'), 'refusée');
    const comment = within(dialog).getByLabelText('Commentaire');
    await expect(comment).toHaveAttribute('maxlength', '255');
    await userEvent.clear(comment);
    await userEvent.type(comment, 'Déjà à jour.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'refusée', comment: 'Déjà à jour.' }),
    );
  },
};

export const ReadOnly: Story = {
  args: { mode: 'view', heading: 'Demande de modification', initial: OPENED },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Demande de modification' });
    for (const label of ['Titre', 'Document', 'Statut', 'Commentaire'])
      await expect(within(dialog).getByLabelText(label)).toBeDisabled();
    await expect(within(dialog).getByText('2026').tagName).toBe('STRONG');
    await expect(within(dialog).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  },
};

export const FailedSave: Story = {
  args: {
    initial: { ...OPENED, status: 'en étude', comment: '' },
    failure: 'Une erreur est survenue : le serveur ne répond pas',
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Créer une Demande de Modification' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Une erreur est survenue : le serveur ne répond pas',
    );
    await expect(within(dialog).getByLabelText('Titre')).toHaveValue('Barème à jour');
  },
};
