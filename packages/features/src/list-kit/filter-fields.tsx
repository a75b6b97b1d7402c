import type { CalendarDay } from '@portal/ui/calendar-day';
import { DateRangeField } from '@portal/ui/date-range-field';
import { SelectField, type SelectOption } from '@portal/ui/select-field';
import { TextField, type TextFieldProps } from '@portal/ui/text-field';
import { Fragment, type ReactNode } from 'react';
import { commonMessages, dateFieldLabels } from '../common';

/**
 * A text filter limited to the contract's length (`maxLength` of the parameter): the field
 * takes no more, and says so beside it once the limit is reached.
 */
export function FilterTextField({
  maxLength,
  value,
  ...props
}: Omit<TextFieldProps, 'maxLength' | 'value' | 'hint'> & { maxLength: number; value: string }) {
  return (
    <TextField
      {...props}
      value={value}
      maxLength={maxLength}
      autoComplete="off"
      hint={value.length >= maxLength ? commonMessages.maxLengthHint(maxLength) : undefined}
    />
  );
}

/** The filters' keys whose value is a string (every URL filter but a list's). */
export type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * One field of a list screen's filter form, declared rather than written out: a text filter
 * limited to the contract's length, a choice, a date range over two keys, or anything else
 * (a picker, checkboxes) drawn by `render`.
 */
export type FilterField<F> =
  | { kind: 'text'; key: TextKey<F>; label: string; maxLength: number }
  | {
      kind: 'select';
      key: TextKey<F>;
      label: string;
      options: readonly SelectOption[];
      /** First, empty choice, e.g. 'Tous les profils'. */
      placeholder?: string;
    }
  | {
      kind: 'dateRange';
      from: TextKey<F>;
      to: TextKey<F>;
      label: string;
      fromLabel: string;
      toLabel: string;
      className?: string;
    }
  | {
      kind: 'custom';
      key: string;
      render: (draft: F, set: (next: Partial<F>) => void) => ReactNode;
    };

/** The fields of a filter form, from their declarations, editing the draft. */
export function FilterFields<F extends object>({
  fields,
  draft,
  set,
}: {
  fields: readonly FilterField<F>[];
  draft: F;
  set: (next: Partial<F>) => void;
}) {
  // A field's key names one of F's string filters: the value it writes is that filter's.
  const setKey = (key: string, value: string) => set({ [key]: value } as Partial<F>);
  const read = (key: TextKey<F>) => draft[key] as string;
  return fields.map((field) => {
    switch (field.kind) {
      case 'text':
        return (
          <FilterTextField
            key={field.key}
            label={field.label}
            maxLength={field.maxLength}
            value={read(field.key)}
            onChange={(event) => setKey(field.key, event.target.value)}
          />
        );
      case 'select':
        return (
          <SelectField
            key={field.key}
            label={field.label}
            placeholder={field.placeholder}
            options={[...field.options]}
            value={read(field.key)}
            onChange={(event) => setKey(field.key, event.target.value)}
          />
        );
      case 'dateRange':
        return (
          <DateRangeField
            key={field.from}
            label={field.label}
            className={field.className}
            value={{ from: read(field.from) as CalendarDay, to: read(field.to) as CalendarDay }}
            onChange={(range) =>
              set({ [field.from]: range.from, [field.to]: range.to } as Partial<F>)
            }
            fromLabel={field.fromLabel}
            toLabel={field.toLabel}
            labels={dateFieldLabels}
          />
        );
      case 'custom':
        return <Fragment key={field.key}>{field.render(draft, set)}</Fragment>;
    }
  });
}
