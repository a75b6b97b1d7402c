import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { UploadProgress } from './upload-progress';

const meta = {
  title: 'Forms/UploadProgress',
  component: UploadProgress,
  args: {
    label: 'Envoi des fichiers',
    loaded: 21 * 1024 ** 2,
    total: 52 * 1024 ** 2,
    bytesPerSecond: 3.5 * 1024 ** 2,
    formatRemaining: (s: number) => `${s} secondes restantes`,
  },
} satisfies Meta<typeof UploadProgress>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sending: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Envoi des fichiers' })).toBeVisible();
    await expect(
      canvas.getByText(/21 Mo \/ 52 Mo · 3,5 Mo\/s · 9 secondes restantes/),
    ).toBeVisible();
  },
};

export const Starting: Story = {
  args: { loaded: 0, bytesPerSecond: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('0 o / 52 Mo')).toBeVisible();
  },
};

export const Large: Story = {
  args: { loaded: 1.5 * 1024 ** 4, total: 2 * 1024 ** 5, bytesPerSecond: 80 * 1024 ** 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/1,5 To \/ 2 Po/)).toBeVisible();
  },
};
