export type YearButtonsProps = {
  /** Accessible name of the group, e.g. 'Exercice'. */
  label: string;
  /** Years offered, newest first (e.g. the current exercice and the 4 before). */
  years: number[];
  /** The chosen years; empty means every year ('Tous'). */
  value: number[];
  onChange: (years: number[]) => void;
  /** Several years at once (customers) or one (sales). */
  multiple?: boolean;
  /** Label of the no-filter button, e.g. 'Tous'. */
  allLabel: string;
};

/** The last years plus 'Tous', as toggle buttons (aria-pressed) in one labelled group. */
export function YearButtons({
  label,
  years,
  value,
  onChange,
  multiple = false,
  allLabel,
}: YearButtonsProps) {
  const toggle = (year: number) => {
    if (!multiple) return onChange(value.length === 1 && value[0] === year ? [] : [year]);
    const next = value.includes(year) ? value.filter((y) => y !== year) : [...value, year];
    onChange(next.sort((a, b) => b - a));
  };
  const button = (pressed: boolean) =>
    `h-8 rounded-full px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
      pressed
        ? 'bg-brand-600 text-white hover:bg-brand-700'
        : 'bg-surface text-brand-700 ring-1 ring-inset ring-brand-600 hover:bg-brand-50'
    }`;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {years.map((year) => (
        <button
          key={year}
          type="button"
          aria-pressed={value.includes(year)}
          className={button(value.includes(year))}
          onClick={() => toggle(year)}
        >
          {year}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={value.length === 0}
        className={button(value.length === 0)}
        onClick={() => onChange([])}
      >
        {allLabel}
      </button>
    </div>
  );
}

/** The `count` years up to `current`, newest first (e.g. 5 for sales, 20 for customers). */
export function lastYears(current: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => current - index);
}
