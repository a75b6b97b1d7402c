import { SelectField } from '@portal/ui/select-field';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import type { ReactNode } from 'react';
import { exerciceOf, trainingLabels } from '../common';
import { FilterTextField, urlFilter } from '../list-kit';

// The filters an agent's training history and his team's training report share: the exercice
// (the current one unless 'Tous'), the city, the participant status and the validation.

export const CURRENT_EXERCICE = exerciceOf(new Date());
const YEARS = lastYears(CURRENT_EXERCICE, 5);
/** 'Tous' in the URL: no exercice at all. */
export const ALL_EXERCICES = 'tous';
const VALIDATIONS = ['', 'true', 'false'] as const;
/** The city filter's length in the contract. */
const CITY_MAX = 120;

/** The URL fields of the shared filters, named as each API calls them. */
export const trainingFilterFields = {
  exercice: () => urlFilter.oneOf([...YEARS.map(String), ALL_EXERCICES], String(CURRENT_EXERCICE)),
  city: () => urlFilter.text(CITY_MAX),
  status: () => urlFilter.oneOf(['', ...Object.keys(trainingLabels.participantStatuses)], ''),
  validation: () => urlFilter.oneOf(VALIDATIONS, ''),
};

/** The exercice a total reads: the chosen one, the current one for 'Tous'. */
export const exerciceOfFilter = (value: string) =>
  value === ALL_EXERCICES ? CURRENT_EXERCICE : Number(value);

type Validation = (typeof VALIDATIONS)[number];
type Field<Value = string> = { value: string; onChange: (value: Value) => void };
const validationOf = (value: string): Validation =>
  VALIDATIONS.find((validation) => validation === value) ?? '';

/**
 * The shared training filters around a list's own (`children`, after the exercice): the
 * exercice buttons, then the city, the participant status and the validation.
 */
export function TrainingFilterFields({
  labels,
  exercice,
  city,
  status,
  validation,
  children,
}: {
  labels: { exercice: string; allYears: string; city: string; any: string };
  exercice: Field;
  city: Field;
  status: Field;
  validation: Field<Validation>;
  children?: ReactNode;
}) {
  return (
    <>
      <YearButtons
        label={labels.exercice}
        years={YEARS}
        value={exercice.value === ALL_EXERCICES ? [] : [Number(exercice.value)]}
        onChange={(picked) => exercice.onChange(picked.length ? String(picked[0]) : ALL_EXERCICES)}
        allLabel={labels.allYears}
      />
      {children}
      <div className="grid gap-3 sm:grid-cols-3">
        <FilterTextField
          label={labels.city}
          value={city.value}
          maxLength={CITY_MAX}
          onChange={(event) => city.onChange(event.target.value)}
        />
        <SelectField
          label={trainingLabels.statutParticipant}
          value={status.value}
          options={[
            { value: '', label: labels.any },
            ...Object.entries(trainingLabels.participantStatuses).map(([code, label]) => ({
              value: code,
              label,
            })),
          ]}
          onChange={(event) => status.onChange(event.target.value)}
        />
        <SelectField
          label={trainingLabels.validation}
          value={validation.value}
          options={[...trainingLabels.validations]}
          onChange={(event) => validation.onChange(validationOf(event.target.value))}
        />
      </div>
    </>
  );
}
