import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { ExportButton, type ExportButtonProps } from './export-button';

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const meta = {
  title: 'Actions/ExportButton',
  component: ExportButton,
  args: {
    onExport: fn<ExportButtonProps['onExport']>(async (onProgress) => {
      onProgress(512_000);
      return { blob: new Blob(['x'], { type: xlsx }), fileName: 'clients_Martin_Claire.xlsx' };
    }),
  },
} satisfies Meta<typeof ExportButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Downloads: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Exporter' }));
      await waitFor(() => expect(saved).toEqual(['clients_Martin_Claire.xlsx']));
      await expect(args.onExport).toHaveBeenCalledOnce();
      await expect(canvas.getByRole('button', { name: 'Exporter' })).toBeEnabled();
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  },
};

export const Running: Story = {
  args: {
    onExport: fn<ExportButtonProps['onExport']>((onProgress) => {
      onProgress(1_250_000);
      return new Promise(() => undefined);
    }),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Exporter' }));
    const busy = await canvas.findByRole('button', { name: /Export en cours…/ });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  args: {
    onExport: fn<ExportButtonProps['onExport']>(async () =>
      Promise.reject(new Error('Le serveur ne répond pas.')),
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Exporter' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      "L'export a échoué : Le serveur ne répond pas.",
    );
    await expect(canvas.getByRole('button', { name: 'Exporter' })).toBeEnabled();
  },
};
