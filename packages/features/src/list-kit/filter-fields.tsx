import { SelectField, type SelectOption } from '@portal/ui/select-field';
import { TextField, type TextFieldProps } from '@portal/ui/text-field';
import { Fragment, type ReactNode } from 'react';
import { commonMessages } from '../common';

/**
 * A text filter limited to the contract's length (`maxLength` of the parameter): the field
 * takes no more, and says so beside it once the limit is reached.
 */
export function FilterTextField({
  maxLength,
  value,
  hint,
  ...props
}: Omit<TextFieldProps, 'maxLength' | 'value'> & { maxLength: number; value: string }) {
  return (
    <TextField
      {...props}
      value={value}
      maxLength={maxLength}
      autoComplete="off"
      hint={value.length >= maxLength ? commonMessages.maxLengthHint(maxLength) : hint}
    />
  );
}

/** The filters' keys whose value is a string (every URL filter but a list's). */
export type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * One field of a list screen's filter form, declared rather than written out: a text filter
 * limited to the contract's length, a choice, or anything else drawn by `render` (a picker, a
 * date range: `dateRangeFilter`, in its own module so that only the screens using it load it).
 */
export type FilterField<F> =
  | {
      kind: 'text';
      key: TextKey<F>;
      label: string;
      maxLength: number;
      /** What the filter looks in, when its label alone does not say. */
      hint?: string;
    }
  | {
      kind: 'select';
      key: TextKey<F>;
      label: string;
      options: readonly SelectOption[];
      /** First, empty choice, e.g. 'Tous les profils'. */
      placeholder?: string;
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
            hint={field.hint}
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
      case 'custom':
        return <Fragment key={field.key}>{field.render(draft, set)}</Fragment>;
    }
  });
}
