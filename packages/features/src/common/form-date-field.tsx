import { DateField } from '@portal/ui/date-field';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { dateFieldLabels } from './messages';

export type FormDateFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  hint?: string;
  /** Inclusive bounds as `YYYY-MM-DD`. */
  min?: string;
  max?: string;
  className?: string;
};

/**
 * The kit's French date field (DD/MM/YYYY, value `YYYY-MM-DD`) bound to a react-hook-form
 * field, with the French labels and the field's validation message.
 */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  ...props
}: FormDateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          labels={dateFieldLabels}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={field.disabled}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
