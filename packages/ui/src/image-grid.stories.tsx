import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { ImageGrid, type ImageGridItem } from './image-grid';
import { placeholderImage } from './story-images';

const images: ImageGridItem[] = ['Lyon', 'Paris', 'Bordeaux', 'Nantes', 'Lille'].map(
  (title, i) => ({ id: i + 1, title, imageUrl: placeholderImage(title, i * 60) }),
);

type DemoProps = {
  items: ImageGridItem[];
  onEdit: (item: ImageGridItem) => void;
  onDelete: (item: ImageGridItem) => void;
  onPick: (item: ImageGridItem) => void;
};

/** The image bank page's grid (edit and delete on each card). */
function BankGrid({ items, onEdit, onDelete }: DemoProps) {
  return <ImageGrid items={items} onEdit={onEdit} onDelete={onDelete} />;
}

const meta = {
  title: 'Communication/ImageGrid',
  component: BankGrid,
  args: { items: images, onEdit: fn(), onDelete: fn(), onPick: fn() },
} satisfies Meta<typeof BankGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EditAndDelete: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const list = canvas.getByRole('list', { name: 'Banque d’images' });
    await expect(list.children).toHaveLength(5);
    await userEvent.click(canvas.getByRole('button', { name: 'Modifier « Paris »' }));
    await expect(args.onEdit).toHaveBeenCalledWith(images[1]);
    await userEvent.click(canvas.getByRole('button', { name: 'Supprimer « Lille »' }));
    await expect(args.onDelete).toHaveBeenCalledWith(images[4]);
    await expect(canvas.getByText('Il n’y a plus d’images à afficher.')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Il n’y a pas d’images pour la sélection courante.'),
    ).toBeVisible();
  },
};

function Picker({ onPick }: { onPick: (item: ImageGridItem) => void }) {
  const [value, setValue] = useState<ImageGridItem['id'] | null>(2);
  return (
    <ImageGrid
      mode="select"
      label="Choisir l’image de l’actualité"
      items={images}
      value={value}
      onChange={(item) => {
        setValue(item.id);
        onPick(item);
      }}
    />
  );
}

export const PickerRadios: Story = {
  render: (args) => <Picker onPick={args.onPick} />,
  play: async ({ args, canvas, userEvent }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Choisir l’image de l’actualité' });
    await expect(group).toBeVisible();
    const paris = canvas.getByRole('radio', { name: 'Paris' });
    await expect(paris).toBeChecked();
    // Arrow keys move the selection, as in any radio group.
    paris.focus();
    await userEvent.keyboard('{ArrowRight}');
    const bordeaux = canvas.getByRole('radio', { name: 'Bordeaux' });
    await expect(bordeaux).toBeChecked();
    await expect(bordeaux).toHaveFocus();
    await expect(args.onPick).toHaveBeenCalledWith(images[2]);
    await userEvent.click(canvas.getByRole('radio', { name: 'Lyon' }));
    await expect(canvas.getByRole('radio', { name: 'Lyon' })).toBeChecked();
    await expect(paris).not.toBeChecked();
  },
};
