import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';

const labels = { openCalendar: 'Calendrier', clear: 'Effacer', invalid: 'Date invalide.' };

function Controlled({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <DateField
      label="Date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      labels={labels}
    />
  );
}

describe('DateField', () => {
  it('shows an ISO value as DD/MM/YYYY and follows a new value from outside', () => {
    const { rerender } = render(
      <DateField label="Date" value="2025-03-05" onChange={() => {}} labels={labels} />,
    );
    const input = screen.getByRole('textbox', { name: 'Date' });
    expect(input).toHaveValue('05/03/2025');
    rerender(<DateField label="Date" value="" onChange={() => {}} labels={labels} />);
    expect(input).toHaveValue('');
  });

  it('emits nothing while typing a partial day, then the day; an invalid text ends as empty', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Date' });
    fireEvent.change(input, { target: { value: '05/03' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '05/03/2025' } });
    expect(onChange).toHaveBeenLastCalledWith('2025-03-05');
    fireEvent.change(input, { target: { value: '35/03/2025' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByText('Date invalide.')).toBeInTheDocument();
  });

  it('lets an error prop win over the format message and passes the ref to the input', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(
      <DateField
        label="Date"
        value=""
        onChange={() => {}}
        labels={labels}
        error="Ce champ est obligatoire."
        ref={ref}
      />,
    );
    expect(ref.current).toBe(screen.getByRole('textbox'));
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(screen.queryByRole('button', { name: 'Effacer' })).not.toBeInTheDocument();
  });
});
