import { listPartnersQuery } from '@portal/api/partners';
import { useHasComponent } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';
import { openPartner, type Partner } from './sso';

/** Each partner's colour (text colour, AA on white) and emblem: its wordmark, drawn here. */
const MARKS: Record<Partner['name'], { tone: string; emblem: string }> = {
  // A ring: the billing tool.
  billing: {
    tone: 'text-brand-700',
    emblem: 'M24 6a18 18 0 1 0 0 36 18 18 0 0 0 0-36zm0 10a8 8 0 1 1 0 16 8 8 0 0 1 0-16z',
  },
  // A diamond: the partner platform.
  platform: { tone: 'text-ink', emblem: 'M24 4l20 20-20 20L4 24zm0 12l-8 8 8 8 8-8z' },
  // Rising bars: the investment partner.
  invest: { tone: 'text-success', emblem: 'M6 26h8v16H6zm14-10h8v26h-8zm14-10h8v36h-8z' },
};

const LIST_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-3';
const BUTTON_CLASS = 'flex w-full rounded-card p-4 ring-1 ring-brand-100';

function Wordmark({ partner }: { partner: Partner }) {
  const { tone, emblem } = MARKS[partner.name];
  return (
    <span aria-hidden="true" className={`flex min-w-0 items-center gap-2 ${tone}`}>
      <svg viewBox="0 0 48 48" className="size-10 shrink-0" fill="currentColor" fillRule="evenodd">
        <path d={emblem} />
      </svg>
      <span className="text-lg leading-tight font-extrabold tracking-tight">{partner.title}</span>
    </span>
  );
}

/**
 * Home block `home_partners`: one logo per partner, opening its single sign-on in a new tab
 * (the investment partner only with `sso_top_invest`); a failed sign-on opens the partner's
 * public login page.
 */
export function PartnerLogos() {
  const partners = useQuery(listPartnersQuery());
  const invest = useHasComponent('sso_top_invest');
  const [busy, setBusy] = useState<string | null>(null);
  const shown = (partners.data?.['hydra:member'] ?? []).filter(
    (partner) => partner.name !== 'invest' || invest,
  );

  return (
    <section
      aria-labelledby="home-partners-title"
      className="space-y-4 rounded-card bg-surface p-6 shadow-sm"
    >
      <div>
        <h2 id="home-partners-title" className="text-xl font-semibold text-ink">
          {messages.title}
        </h2>
        <p className="text-sm text-muted">{messages.intro}</p>
      </div>
      {partners.isError && <Alert variant="error">{messages.error(partners.error.message)}</Alert>}
      {partners.isPending ? (
        // The logos' place while they load: as many boxes as partners the user will see.
        <div role="status" className={LIST_CLASS}>
          <span className="sr-only">{messages.loading}</span>
          {Array.from({ length: invest ? 3 : 2 }, (_, index) => (
            <div key={index} className={`${BUTTON_CLASS} h-18`} />
          ))}
        </div>
      ) : (
        <ul className={LIST_CLASS}>
          {shown.map((partner) => (
            <li key={partner.name}>
              <button
                type="button"
                aria-busy={busy === partner.name || undefined}
                data-track={`partner-${partner.name}`}
                onClick={() => {
                  setBusy(partner.name);
                  void openPartner(partner).finally(() => setBusy(null));
                }}
                className={`${BUTTON_CLASS} relative items-center gap-3 text-left hover:bg-brand-50 hover:shadow-md`}
              >
                <Wordmark partner={partner} />
                <span className="sr-only">
                  {partner.title} {messages.newTab}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
