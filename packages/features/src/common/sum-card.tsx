import { formatEuro } from '@portal/ui/format';
import { useId } from 'react';
import { commonMessages as messages } from './messages';

// Without the grid: the sales summary route takes these and no AG Grid; the team pages too.

/** Exercice N runs from 1 November N-1 to 31 October N. */
export function exerciceOf(date: Date): number {
  return date.getMonth() >= 10 ? date.getFullYear() + 1 : date.getFullYear();
}

/** A card of euro totals (a sales list's exercice summary). */
export function SumCard({
  title,
  items,
  pending,
  error,
}: {
  title: string;
  items: [label: string, value: number | undefined][];
  pending: boolean;
  error: string | null;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-4 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {error ? (
        <p className="mt-2 text-sm text-danger">{messages.error(error)}</p>
      ) : (
        <dl
          className={`mt-3 grid grid-cols-2 gap-3 ${items.length > 3 ? 'sm:grid-cols-3 lg:grid-cols-6' : 'sm:grid-cols-3'}`}
        >
          {items.map(([label, value]) => (
            // min-w-0 and wrapping: '34 940 000 €' stays inside its card at any width.
            <div key={label} className="min-w-0 rounded-lg bg-canvas p-3">
              <dt className="text-sm text-muted">{label}</dt>
              <dd
                className="text-base font-semibold break-words text-ink tabular-nums sm:text-lg xl:text-xl"
                aria-busy={pending}
              >
                {value === undefined ? '…' : formatEuro(value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
