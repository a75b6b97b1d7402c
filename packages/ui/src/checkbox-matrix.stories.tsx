import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { CheckboxMatrix, type CheckboxMatrixProps } from './checkbox-matrix';

const rows = [
  { id: 'news', label: 'Actualités' },
  { id: 'reminders', label: 'Rappels' },
  { id: 'customers', label: 'Clients' },
];
const columns = [
  { id: 'mandataire', label: 'Mandataire' },
  { id: 'manager', label: 'Mandataire - Manager' },
];

type DemoProps = Pick<CheckboxMatrixProps, 'caption' | 'onToggle'> & {
  initial: string[];
  pending?: string[];
  disabled?: string[];
};

/** Keeps the ticks in local state, as a page would after each save. */
function MatrixDemo({ caption, onToggle, initial, pending = [], disabled = [] }: DemoProps) {
  const [ticked, setTicked] = useState(new Set(initial));
  const key = (row: string, column: string) => `${row}:${column}`;
  return (
    <CheckboxMatrix
      caption={caption}
      rowHeader="Composant"
      rows={rows}
      columns={columns}
      isChecked={(row, column) => ticked.has(key(row, column))}
      isPending={(row, column) => pending.includes(key(row, column))}
      isDisabled={(row, column) => disabled.includes(key(row, column))}
      onToggle={(row, column, checked) => {
        onToggle(row, column, checked);
        setTicked((current) => {
          const next = new Set(current);
          if (checked) next.add(key(row, column));
          else next.delete(key(row, column));
          return next;
        });
      }}
    />
  );
}

const meta = {
  title: 'Formulaires/CheckboxMatrix',
  component: MatrixDemo,
  args: {
    caption: 'Composants des profils mandataires',
    initial: ['news:mandataire', 'reminders:manager'],
    onToggle: fn(),
  },
} satisfies Meta<typeof MatrixDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(
      canvas.getByRole('table', { name: 'Composants des profils mandataires' }),
    ).toBeInTheDocument();
    const cell = canvas.getByRole('checkbox', { name: 'Clients — Mandataire' });
    await expect(cell).not.toBeChecked();
    await userEvent.click(cell);
    await expect(args.onToggle).toHaveBeenCalledWith('customers', 'mandataire', true);
    await expect(cell).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Actualités — Mandataire' }));
    await expect(args.onToggle).toHaveBeenLastCalledWith('news', 'mandataire', false);
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const first = canvas.getByRole('checkbox', { name: 'Actualités — Mandataire' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(
      canvas.getByRole('checkbox', { name: 'Actualités — Mandataire - Manager' }),
    ).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const target = canvas.getByRole('checkbox', { name: 'Rappels — Mandataire - Manager' });
    await expect(target).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onToggle).toHaveBeenCalledWith('reminders', 'manager', false);
  },
};

export const PendingAndDisabled: Story = {
  args: { pending: ['news:manager'], disabled: ['customers:mandataire'] },
  play: async ({ args, canvas, userEvent }) => {
    const pending = canvas.getByRole('checkbox', { name: 'Actualités — Mandataire - Manager' });
    await expect(pending).toBeDisabled();
    await expect(pending.closest('td')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('checkbox', { name: 'Clients — Mandataire' })).toBeDisabled();
    await userEvent.click(pending);
    await waitFor(() => expect(args.onToggle).not.toHaveBeenCalled());
  },
};

export const Empty: Story = {
  render: () => (
    <CheckboxMatrix
      caption="Composants"
      rows={[]}
      columns={columns}
      isChecked={() => false}
      onToggle={() => undefined}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Aucune donnée.')).toBeInTheDocument();
  },
};
