import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { ImageDropzone } from './image-dropzone';
import { placeholderImage } from './story-images';

const png = (name: string, size: number) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

/**
 * Drops a file as a browser would. Chromium only accepts a real DataTransfer in a DragEvent;
 * test DOMs without one get a plain drop event carrying `dataTransfer.files`.
 */
function dropFile(target: Element, file: File) {
  let event: Event;
  try {
    const data = new DataTransfer();
    data.items.add(file);
    event = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
    if ((event as DragEvent).dataTransfer?.files.length !== 1) throw new Error('no files');
  } catch {
    event = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: { files: [file] } });
  }
  target.dispatchEvent(event);
}

const meta = {
  title: 'Formulaires/ImageDropzone',
  component: ImageDropzone,
  args: { label: 'Image', onChange: fn(), maxSize: 1024 * 1024, required: true },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof ImageDropzone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseFile: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Choisir une image');
    await expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
    await expect(input).toHaveAccessibleDescription('1\u00a0Mo maximum');
    const file = png('photo.png', 2048);
    await userEvent.upload(input, file);
    await expect(args.onChange).toHaveBeenCalledWith(file);
    await expect(canvas.getByText('photo.png')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer l’image' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
  },
};

export const TooLarge: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText('Choisir une image');
    await userEvent.upload(input, png('enorme.png', 2 * 1024 * 1024));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Le fichier est trop volumineux.');
    await expect(input).toBeInvalid();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const DropWrongType: Story = {
  play: async ({ args, canvas }) => {
    const zone = canvas.getByTestId('image-dropzone');
    const exe = new File(['MZ'], 'programme.exe', { type: 'application/x-msdownload' });
    dropFile(zone, exe);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Ce type de fichier n’est pas accepté.',
    );
    await expect(args.onChange).not.toHaveBeenCalled();
    const ok = png('ok.png', 10);
    dropFile(zone, ok);
    await waitFor(() => expect(args.onChange).toHaveBeenCalledWith(ok));
    await waitFor(() => expect(canvas.queryByRole('alert')).not.toBeInTheDocument());
  },
};

export const ExistingImageWithFormError: Story = {
  args: { previewUrl: placeholderImage('Actuelle', 120), error: 'Une image est requise.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Une image est requise.');
    await expect(canvas.getByRole('group', { name: 'Image' })).toBeVisible();
  },
};
