import { Checkbox } from '@portal/ui/checkbox';
import type { ReactNode } from 'react';
import { profileMessages as messages } from './messages';

/** Term and value rows; an empty value reads 'Non renseigné'. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="mb-2 min-w-0 wrap-anywhere text-ink sm:mb-0">
            {value === null || value === '' ? (
              <span className="text-muted italic">{messages.notSet}</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** 1 to 3 filled stars, read out as 'Niveau n sur 3'. */
export function LevelStars({ level }: { level: number }) {
  return (
    <span
      role="img"
      aria-label={messages.level(level)}
      className="inline-flex gap-0.5 align-middle"
    >
      {[1, 2, 3].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={`size-4 ${n <= level ? 'fill-amber-500' : 'fill-slate-300'}`}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

/** The qualification with its level stars. */
export function Qualification({ name, level }: { name: string | null; level: number }) {
  return (
    <span className="inline-flex items-center gap-2">
      {name ?? messages.notSet}
      <LevelStars level={level} />
    </span>
  );
}

/** IOBSP, IAS and CIF as read-only checkboxes. */
export function Habilitations(props: { iobsp: boolean; ias: boolean; cif: boolean }) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm text-muted">{messages.habilitations}</legend>
      <div className="mt-2 flex flex-wrap gap-6">
        <Checkbox label={messages.iobsp} checked={props.iobsp} disabled readOnly />
        <Checkbox label={messages.ias} checked={props.ias} disabled readOnly />
        <Checkbox label={messages.cif} checked={props.cif} disabled readOnly />
      </div>
    </fieldset>
  );
}
