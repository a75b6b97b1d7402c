import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SelectField } from './select-field';

const meta = {
  title: 'Formulaires/SelectField',
  component: SelectField,
  args: {
    label: 'Type de profil',
    name: 'type',
    options: [
      { value: 'Mandataire', label: 'Mandataire' },
      { value: 'Hubnup', label: 'Hubnup' },
    ],
    onChange: fn(),
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Type de profil' });
    await userEvent.selectOptions(select, 'Hubnup');
    await expect(select).toHaveValue('Hubnup');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithPlaceholderAndError: Story = {
  args: {
    label: 'Profil à supprimer',
    placeholder: 'Choisir un profil',
    required: true,
    error: 'Ce champ est obligatoire.',
  },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Profil à supprimer' });
    await expect(select).toHaveValue('');
    await expect(select).toBeInvalid();
    await expect(select).toHaveAccessibleDescription('Ce champ est obligatoire.');
  },
};

export const HiddenLabel: Story = {
  args: { label: 'Rôle du profil Communication', hideLabel: true },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('combobox', { name: 'Rôle du profil Communication' }),
    ).toBeInTheDocument();
  },
};
