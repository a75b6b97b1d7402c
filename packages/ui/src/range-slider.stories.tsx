import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { formatEuro } from './format';
import { RangeSlider } from './range-slider';

function AmountRange({ onCommit }: { onCommit: (value: [number, number]) => void }) {
  const [value, setValue] = useState<[number, number]>([0, 100_000]);
  return (
    <RangeSlider
      label="Montant"
      min={0}
      max={100_000}
      step={1000}
      value={value}
      onChange={setValue}
      onCommit={onCommit}
      format={formatEuro}
      thumbLabels={['Montant minimum', 'Montant maximum']}
    />
  );
}

const meta = {
  title: 'Forms/RangeSlider',
  component: AmountRange,
  args: { onCommit: fn() },
} satisfies Meta<typeof AmountRange>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const low = canvas.getByRole('slider', { name: 'Montant minimum' });
    const high = canvas.getByRole('slider', { name: 'Montant maximum' });
    await expect(low).toHaveAttribute('aria-valuenow', '0');
    await expect(high).toHaveAttribute('aria-valuetext', formatEuro(100_000));

    low.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(low).toHaveAttribute('aria-valuenow', '2000');
    await expect(args.onCommit).toHaveBeenLastCalledWith([2000, 100_000]);

    high.focus();
    await userEvent.keyboard('{PageDown}');
    await expect(high).toHaveAttribute('aria-valuenow', '90000');
    await userEvent.keyboard('{End}');
    await expect(high).toHaveAttribute('aria-valuenow', '100000');
    await expect(args.onCommit).toHaveBeenLastCalledWith([2000, 100_000]);
  },
};
