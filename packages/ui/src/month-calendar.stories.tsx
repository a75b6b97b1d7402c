import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { MonthCalendar } from './month-calendar';

const COUNTS = { '2026-11-03': 2, '2026-11-12': 9, '2026-11-20': 14, '2026-12-01': 4 };

function Calendar() {
  const [month, setMonth] = useState('2026-11');
  const [day, setDay] = useState('');
  return (
    <>
      <MonthCalendar
        month={month}
        onMonthChange={setMonth}
        counts={COUNTS}
        selected={day}
        onSelect={setDay}
        countLabel={(count) => `${count} rappel${count > 1 ? 's' : ''}`}
      />
      <output aria-label="Jour choisi">{day || 'aucun'}</output>
    </>
  );
}

const meta = {
  title: 'Data/MonthCalendar',
  component: Calendar,
} satisfies Meta<typeof Calendar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Badges count the day's items, '9+' above 9; a day is chosen and cleared; months move. */
export const Badges: Story = {
  play: async ({ canvas, userEvent }) => {
    const busy = canvas.getByRole('button', { name: /20 novembre 2026, 14 rappels/ });
    await expect(busy.closest('td')).toHaveTextContent('209+');
    const nine = canvas.getByRole('button', { name: /12 novembre 2026, 9 rappels/ });
    await expect(nine.closest('td')).toHaveTextContent('129');
    await expect(canvas.getByRole('button', { name: /^mercredi 4 novembre 2026$/ })).toBeVisible();
    await userEvent.click(busy);
    await expect(canvas.getByLabelText('Jour choisi')).toHaveTextContent('2026-11-20');
    await userEvent.click(busy);
    await expect(canvas.getByLabelText('Jour choisi')).toHaveTextContent('aucun');
    await userEvent.click(canvas.getByRole('button', { name: /mois suivant/i }));
    await expect(canvas.getByRole('button', { name: /1 décembre 2026, 4 rappels/ })).toBeVisible();
  },
};
