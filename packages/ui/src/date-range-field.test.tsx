import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangeField, type DateRange } from './date-range-field';

const labels = {
  openCalendar: 'Choisir une date',
  clear: 'Effacer la date',
  invalid: 'Saisissez une date au format JJ/MM/AAAA.',
  endBeforeStart: 'La date de fin précède la date de début.',
};

function Range({ initial = { from: '', to: '' } }: { initial?: DateRange }) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangeField
      label="Période"
      fromLabel="Du"
      toLabel="au"
      labels={labels}
      value={value}
      onChange={setValue}
    />
  );
}

function renderRange() {
  const user = userEvent.setup();
  render(<Range />);
  const field = (name: string) => screen.getByRole('textbox', { name });
  return { user, from: field('Du'), to: field('au') };
}

describe('DateRangeField', () => {
  it('says on the "au" field that the end precedes the start, typed in either order', async () => {
    const { user, from, to } = renderRange();
    await user.type(from, '31/12/2025');
    await user.type(to, '01/12/2025');
    await user.tab();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(labels.endBeforeStart);
    expect(to).toHaveValue('01/12/2025');
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(from).not.toHaveAccessibleDescription();
    expect(screen.queryByText(labels.invalid)).toBeNull();

    // Moving the start before the end clears it.
    await user.clear(from);
    await user.type(from, '30/11/2025');
    await user.tab();
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(labels.endBeforeStart)).toBeNull();

    // The start typed after the end: still the 'au' field that says it.
    await user.clear(from);
    await user.type(from, '15/12/2025');
    await user.tab();
    expect(to).toHaveAccessibleDescription(labels.endBeforeStart);
    expect(from).not.toHaveAttribute('aria-invalid');
  });

  it('flags only the "Du" field when its text is not a day', async () => {
    const { user, from, to } = renderRange();
    await user.type(from, '32/13/2025');
    await user.tab();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(labels.invalid);
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(to).not.toHaveAccessibleDescription();
  });
});
