import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'Formulaires/TextField',
  component: TextField,
  args: { label: 'Adresse e-mail', name: 'email', type: 'email', onChange: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Adresse e-mail');
    await userEvent.type(input, 'marie@exemple.fr');
    await expect(input).toHaveValue('marie@exemple.fr');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithHint: Story = {
  args: { hint: 'Nous ne la partagerons jamais.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription(
      'Nous ne la partagerons jamais.',
    );
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Adresse e-mail' })).toBeRequired();
  },
};

export const WithError: Story = {
  args: { required: true, defaultValue: 'marie@', error: 'Saisissez une adresse e-mail valide.' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Adresse e-mail');
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Saisissez une adresse e-mail valide.');
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'marie@exemple.fr' } };
