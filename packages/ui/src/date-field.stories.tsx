import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { DateField, type DateFieldProps } from './date-field';

const labels: DateFieldProps['labels'] = {
  openCalendar: 'Choisir une date',
  clear: 'Effacer la date',
  invalid: 'Saisissez une date au format JJ/MM/AAAA.',
  placeholder: 'JJ/MM/AAAA',
};

function DateFieldDemo(props: Omit<DateFieldProps, 'value'> & { initialValue?: string }) {
  const { initialValue = '', onChange, ...rest } = props;
  const [value, setValue] = useState(initialValue);
  return (
    <div className="max-w-xs pb-96">
      <DateField
        {...rest}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <output className="mt-2 block text-sm text-muted" data-testid="value">
        {value}
      </output>
    </div>
  );
}

const meta = {
  title: 'Forms/DateField',
  component: DateFieldDemo,
  args: {
    label: 'Date de naissance',
    hint: 'Format JJ/MM/AAAA',
    labels,
    onChange: fn(),
  },
} satisfies Meta<typeof DateFieldDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typed: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Date de naissance' });
    await userEvent.type(input, '05/03/1980');
    await expect(args.onChange).toHaveBeenLastCalledWith('1980-03-05');
    await expect(canvas.getByTestId('value')).toHaveTextContent('1980-03-05');

    await userEvent.click(canvas.getByRole('button', { name: 'Effacer la date' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('');
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();

    // Digits only are understood too, and shown the French way.
    await userEvent.type(input, '24121975');
    await expect(input).toHaveValue('24/12/1975');
    await expect(args.onChange).toHaveBeenLastCalledWith('1975-12-24');
  },
};

export const InvalidText: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Date de naissance' });
    await userEvent.type(input, '31/02/2025');
    await userEvent.tab();
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      'Format JJ/MM/AAAA Saisissez une date au format JJ/MM/AAAA.',
    );
  },
};

export const CalendarKeyboard: Story = {
  args: { label: 'Date d’effet', initialValue: '2025-03-14', hint: undefined },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Choisir une date' });
    await userEvent.click(button);
    // The calendar loads lazily on first opening.
    const grid = await screen.findByRole('grid', {}, { timeout: 5000 });
    await expect(grid).toBeInTheDocument();
    // The selected day has focus; arrows move by day, Enter picks.
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(expect.stringContaining('14 mars 2025')),
    );
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('2025-03-15');
    await expect(canvas.getByRole('textbox', { name: 'Date d’effet' })).toHaveValue('15/03/2025');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  },
};

export const Bounded: Story = {
  args: { label: 'Date d’échéance', min: '2025-03-10', max: '2025-03-20', initialValue: '' },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Date d’échéance' });
    await userEvent.type(input, '25/03/2025');
    await expect(args.onChange).not.toHaveBeenCalledWith('2025-03-25');
    await userEvent.tab();
    await expect(input).toBeInvalid();
  },
};

export const WithError: Story = {
  args: { required: true, error: 'Ce champ est obligatoire.' },
};

/** The calendar left open: the story runner checks it with axe (no `aria-hidden-focus`). */
export const CalendarOpen: Story = {
  args: { label: 'Date de vente', initialValue: '2025-03-14', hint: undefined },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Choisir une date' }));
    await screen.findByRole('grid', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(expect.stringContaining('14 mars 2025')),
    );
    // No aria-hidden focus sentinels around a panel that follows its button in tab order.
    await expect(document.querySelectorAll('[data-headlessui-focus-guard]')).toHaveLength(0);
  },
};
