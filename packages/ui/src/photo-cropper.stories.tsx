import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent } from 'storybook/test';
import { PhotoCropper, type CropArea } from './photo-cropper';
import { placeholderImage } from './story-images';

function Cropping() {
  const [area, setArea] = useState<CropArea | null>(null);
  return (
    <div className="max-w-md">
      <PhotoCropper src={placeholderImage('Photo', 20)} onChange={setArea} />
      <output aria-label="Cadre">
        {area ? `${Math.round(area.width)}x${Math.round(area.height)}` : 'aucun'}
      </output>
    </div>
  );
}

const meta = {
  title: 'Forms/PhotoCropper',
  component: Cropping,
} satisfies Meta<typeof Cropping>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Zoom: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('application', { name: 'Cadrage de la photo' })).toBeVisible();
    const zoom = canvas.getByRole('slider', { name: 'Zoom' });
    await expect(zoom).toHaveValue('1');
    // A native range input: real browsers move it with the arrow keys; happy-dom does not.
    fireEvent.change(zoom, { target: { value: '2' } });
    await expect(zoom).toHaveValue('2');
  },
};
