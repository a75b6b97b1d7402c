import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Alert } from './alert';

const meta = {
  title: 'Retours/Alert',
  component: Alert,
  args: { children: 'Votre demande a bien été prise en compte.' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['error', 'success', 'info', 'warning'] },
  },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  args: { variant: 'info' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Votre demande a bien été prise en compte.',
    );
  },
};

export const Success: Story = { args: { variant: 'success', title: 'Enregistré' } };

export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'Session bientôt expirée',
    children: 'Enregistrez votre travail.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Session bientôt expirée');
  },
};

export const ErrorAlert: Story = {
  name: 'Error',
  args: { variant: 'error', title: 'Connexion impossible', children: 'Identifiants incorrects.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Identifiants incorrects.');
  },
};
