import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { label: 'Afficher l’actualité aux conseillers', onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: 'Afficher l’actualité aux conseillers' });
    await userEvent.click(canvas.getByText('Afficher l’actualité aux conseillers'));
    await expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onChange).toHaveBeenCalledTimes(2);
  },
};

export const WithDescription: Story = {
  args: { description: 'Elle apparaîtra dans le fil des conseillers dès sa publication.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription(
      'Elle apparaîtra dans le fil des conseillers dès sa publication.',
    );
  },
};

export const WithError: Story = {
  args: { label: 'J’accepte les conditions', error: 'Ce champ est obligatoire.' },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox');
    await expect(box).toBeInvalid();
    await expect(box).toHaveAccessibleDescription('Ce champ est obligatoire.');
  },
};

export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };
