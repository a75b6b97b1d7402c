import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { lastYears, YearButtons } from './year-buttons';

function Years({ multiple }: { multiple: boolean }) {
  const [value, setValue] = useState<number[]>([]);
  return (
    <>
      <YearButtons
        label="Exercice"
        years={lastYears(2026, 5)}
        value={value}
        onChange={setValue}
        multiple={multiple}
        allLabel="Tous"
      />
      <output aria-label="Choix">{value.join(',') || 'tous'}</output>
    </>
  );
}

const meta = {
  title: 'Forms/YearButtons',
  component: Years,
  args: { multiple: false },
} satisfies Meta<typeof Years>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneYear: Story = {
  play: async ({ canvas, userEvent }) => {
    const group = canvas.getByRole('group', { name: 'Exercice' });
    await expect(group).toHaveTextContent('20262025202420232022Tous');
    await expect(canvas.getByRole('button', { name: 'Tous' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: '2025' }));
    await userEvent.click(canvas.getByRole('button', { name: '2024' }));
    await expect(canvas.getByLabelText('Choix')).toHaveTextContent('2024');
    await expect(canvas.getByRole('button', { name: '2025' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  },
};

export const SeveralYears: Story = {
  args: { multiple: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '2023' }));
    await userEvent.click(canvas.getByRole('button', { name: '2026' }));
    await expect(canvas.getByLabelText('Choix')).toHaveTextContent('2026,2023');
    await userEvent.click(canvas.getByRole('button', { name: 'Tous' }));
    await expect(canvas.getByLabelText('Choix')).toHaveTextContent('tous');
  },
};
