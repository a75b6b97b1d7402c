import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';

type DemoProps = Omit<RichTextEditorProps, 'value'> & { initial?: string };

function EditorDemo({ initial = '', onChange, ...props }: DemoProps) {
  const [value, setValue] = useState(initial);
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <RichTextEditor
        {...props}
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <output aria-label="HTML produit" className="block text-xs break-all text-muted">
        {value}
      </output>
    </div>
  );
}

const meta = {
  // Rich HTML: the story runner renders it under jsdom (DOMPurify needs a faithful DOM).
  parameters: { testEnvironment: 'jsdom' },
  title: 'Formulaires/RichTextEditor',
  component: EditorDemo,
  args: {
    label: 'Contenu',
    onChange: fn(),
    initial: '<p>Bonjour à tous</p>',
  },
} satisfies Meta<typeof EditorDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Toolbar: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const editor = canvas.getByRole('textbox', { name: 'Contenu' });
    await expect(editor).toHaveAttribute('contenteditable', 'true');
    const toolbar = canvas.getByRole('toolbar', { name: 'Mise en forme' });
    for (const name of [
      'Gras',
      'Italique',
      'T2 — titre de niveau 2',
      'T3 — titre de niveau 3',
      'Liste à puces',
      'Liste numérotée',
      'Lien',
      'Annuler la dernière modification',
      'Rétablir',
    ]) {
      await expect(canvas.getByRole('button', { name })).toBeInTheDocument();
    }
    await expect(toolbar).toBeVisible();

    const bold = canvas.getByRole('button', { name: 'Gras' });
    await expect(bold).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(canvas.getByRole('button', { name: 'T2 — titre de niveau 2' }));
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith('<h2>Bonjour à tous</h2>'));
    await expect(canvas.getByRole('button', { name: 'T2 — titre de niveau 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler la dernière modification' }));
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith('<p>Bonjour à tous</p>'));
  },
};

export const LinkForm: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Lien' }));
    const url = canvas.getByLabelText('Adresse du lien');
    await expect(url).toHaveFocus();
    await userEvent.type(url, 'javascript:alert(1){Enter}');
    await expect(canvas.getByText('Ce champ doit être une URL valide')).toBeVisible();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.fr');
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler' }));
    await expect(canvas.queryByLabelText('Adresse du lien')).not.toBeInTheDocument();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: { required: true, error: 'Ce champ est obligatoire.', initial: '' },
  play: async ({ canvas }) => {
    const editor = canvas.getByRole('textbox', { name: 'Contenu' });
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(editor).toHaveAccessibleDescription('Ce champ est obligatoire.');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Contenu' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
    await expect(canvas.getByRole('button', { name: 'Gras' })).toBeDisabled();
  },
};
