import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { FileField } from './file-field';

function Attachment({ error }: { error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileField
      label="Pièce jointe"
      hint="PDF ou image, 10 Mo au plus."
      value={file}
      onChange={setFile}
      error={error}
    />
  );
}

const meta = {
  title: 'Forms/FileField',
  component: Attachment,
} satisfies Meta<typeof Attachment>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseAndRemove: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Pièce jointe');
    await userEvent.upload(
      input,
      new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' }),
    );
    await expect(canvas.getByText('facture.pdf')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer le fichier facture.pdf' }));
    await expect(canvas.queryByText('facture.pdf')).toBeNull();
  },
};

export const WithError: Story = {
  args: { error: "Ce type de fichier n'est pas accepté." },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Pièce jointe')).toHaveAccessibleDescription(
      "PDF ou image, 10 Mo au plus. Ce type de fichier n'est pas accepté.",
    );
  },
};
