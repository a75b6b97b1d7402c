import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PasswordField } from './password-field';

const meta = {
  title: 'Formulaires/PasswordField',
  component: PasswordField,
  args: { label: 'Mot de passe', name: 'password' },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ToggleVisibility: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Mot de passe');
    await userEvent.type(input, 'S3cret!');
    await expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(canvas.getByRole('button', { name: 'Afficher le mot de passe' }));
    await expect(input).toHaveAttribute('type', 'text');
    const hide = canvas.getByRole('button', { name: 'Masquer le mot de passe' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveValue('S3cret!');
  },
};

export const WithError: Story = {
  args: { required: true, error: 'Le mot de passe est obligatoire.' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Mot de passe');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Le mot de passe est obligatoire.');
  },
};

export const NewPassword: Story = {
  args: {
    label: 'Nouveau mot de passe',
    autoComplete: 'new-password',
    hint: '12 caractères minimum.',
  },
};
