import type { CalendarDay } from '@portal/ui/calendar-day';
import { DateRangeField } from '@portal/ui/date-range-field';
import { dateFieldLabels } from '../common';
import type { FilterField, TextKey } from './filter-fields';

/** A period filter over two day keys of the URL (`date[after]`, `date[before]`). */
export function dateRangeFilter<F>(field: {
  from: TextKey<F>;
  to: TextKey<F>;
  label: string;
  fromLabel: string;
  toLabel: string;
  className?: string;
}): FilterField<F> {
  return {
    kind: 'custom',
    key: field.from,
    render: (draft, set) => (
      <DateRangeField
        label={field.label}
        className={field.className}
        value={{ from: draft[field.from] as CalendarDay, to: draft[field.to] as CalendarDay }}
        onChange={(range) => set({ [field.from]: range.from, [field.to]: range.to } as Partial<F>)}
        fromLabel={field.fromLabel}
        toLabel={field.toLabel}
        labels={dateFieldLabels}
      />
    ),
  };
}
