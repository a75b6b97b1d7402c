import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { DateRangeField, type DateRange, type DateRangeFieldProps } from './date-range-field';

function RangeDemo(props: Omit<DateRangeFieldProps, 'value'> & { initialValue?: DateRange }) {
  const { initialValue = { from: '', to: '' }, onChange, ...rest } = props;
  const [value, setValue] = useState(initialValue);
  return (
    <div className="max-w-xl pb-96">
      <DateRangeField
        {...rest}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Forms/DateRangeField',
  component: RangeDemo,
  args: {
    label: 'Date de publication',
    fromLabel: 'du',
    toLabel: 'au',
    labels: {
      openCalendar: 'Choisir une date',
      clear: 'Effacer la date',
      invalid: 'Saisissez une date au format JJ/MM/AAAA.',
      endBeforeStart: 'La date de fin précède la date de début.',
      placeholder: 'JJ/MM/AAAA',
    },
    onChange: fn(),
  },
} satisfies Meta<typeof RangeDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TypeBoth: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'Date de publication' })).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'du' }), '01/01/2025');
    await userEvent.type(canvas.getByRole('textbox', { name: 'au' }), '31/01/2025');
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: '2025-01-01', to: '2025-01-31' });
  },
};

export const EndBeforeStartSaid: Story = {
  args: { initialValue: { from: '2025-02-10', to: '' } },
  play: async ({ canvas, userEvent }) => {
    const to = canvas.getByRole('textbox', { name: 'au' });
    await userEvent.type(to, '01/02/2025');
    await userEvent.tab();
    await expect(to).toBeInvalid();
    await expect(to).toHaveAccessibleDescription('La date de fin précède la date de début.');
  },
};

export const WithError: Story = {
  args: { error: 'La date de fin doit suivre la date de début.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'du' })).toHaveAccessibleDescription(
      'La date de fin doit suivre la date de début.',
    );
  },
};

/** The second calendar left open: the story runner checks it with axe (no `aria-hidden-focus`). */
export const CalendarOpen: Story = {
  args: { initialValue: { from: '2025-02-10', to: '2025-02-20' } },
  play: async ({ canvas, userEvent }) => {
    const [, toButton] = canvas.getAllByRole('button', { name: 'Choisir une date' });
    await userEvent.click(toButton!);
    await screen.findByRole('grid', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(
        expect.stringContaining('20 février 2025'),
      ),
    );
    await expect(document.querySelectorAll('[data-headlessui-focus-guard]')).toHaveLength(0);
  },
};
