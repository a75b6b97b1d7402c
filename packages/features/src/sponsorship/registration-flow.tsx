import { ApiError } from '@portal/api/hydra';
import { getRegistrationQuery, type RegistrationDetail } from '@portal/api/sponsorship';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { useRestoreFocus } from '@portal/ui/restore-focus';
import { FlowDiagram, type FlowStep, type FlowTone } from '@portal/ui/flow-diagram';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { messages } from './messages';

type Status = RegistrationDetail['steps'][number]['status'];
type DocumentStatus = NonNullable<RegistrationDetail['steps'][number]['documentStatut']>;

const TONES: Record<Status, FlowTone> = {
  Terminé: 'done',
  'En cours': 'current',
  'En attente': 'waiting',
  Annulé: 'cancelled',
};

// A clock face: drawn, since the hourglass character needs an emoji font.
const clock = (
  <svg
    viewBox="0 0 16 16"
    className="inline size-3"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <circle cx="8" cy="8" r="6.5" />
    <path d="M8 4.5V8l2.5 1.5" strokeLinecap="round" />
  </svg>
);

/** Document states and their icons (spec part 2 §4). */
const DOCUMENT_ICONS: Record<DocumentStatus, { icon: ReactNode; className: string }> = {
  Validé: { icon: '✓', className: 'text-emerald-700' },
  'En cours de validation': { icon: clock, className: 'text-amber-700' },
  manquant: { icon: '!', className: 'text-red-700' },
  Refusé: { icon: '✕', className: 'text-red-700' },
};

function DocumentState({ status }: { status: DocumentStatus }) {
  const { icon, className } = DOCUMENT_ICONS[status];
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true" className={`font-bold ${className}`}>
        {icon}
      </span>
      {status}
    </span>
  );
}

/** One registration's 13 steps as a flow with its legend (loaded with React Flow on demand). */
export default function RegistrationFlow({ id, onClose }: { id: number; onClose: () => void }) {
  const registration = useQuery(getRegistrationQuery(id));
  // 'Fermer' removes the panel: focus goes back to the row's control that opened it.
  useRestoreFocus(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = registration.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, id]);

  if (registration.error instanceof ApiError && registration.error.status === 404)
    return <Alert variant="error">{messages.notFound}</Alert>;
  if (registration.isError)
    return <Alert variant="error">{messages.error(registration.error.message)}</Alert>;
  const data = registration.data;
  if (!data) return <p role="status">{messages.loading}</p>;
  const name = `${data.firstName} ${data.lastName}`;
  const steps: FlowStep[] = data.steps.map((step) => ({
    id: String(step.id),
    label: step.label,
    status: messages.stepStatuses[step.status],
    tone: TONES[step.status],
    detail: step.documentStatut ? <DocumentState status={step.documentStatut} /> : undefined,
    detailText: step.document
      ? `${step.document}${step.documentStatut ? ` : ${step.documentStatut}` : ''}`
      : undefined,
  }));
  return (
    <section
      aria-labelledby="registration-flow"
      className="space-y-4 rounded-card bg-surface p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="registration-flow"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-ink"
        >
          {messages.flowTitle(name)}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {messages.close}
        </Button>
      </div>
      <FlowDiagram
        label={messages.flowTitle(name)}
        steps={steps}
        legend={(Object.keys(TONES) as Status[]).map((status) => ({
          tone: TONES[status],
          label: messages.stepStatuses[status],
        }))}
        legendExtra={
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-ink">
            <span className="text-muted">{messages.documentLegend} :</span>
            {messages.documentStatuses.map((status) => (
              <DocumentState key={status} status={status} />
            ))}
          </div>
        }
      />
    </section>
  );
}
