import { listPartnersQuery } from '@portal/api/partners';
import { useHasComponent } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';
import { openPartner, type Partner } from './sso';

const TONES: Record<Partner['name'], string> = {
  billing: 'bg-brand-600',
  platform: 'bg-ink',
  invest: 'bg-success',
};

function initials(title: string): string {
  return title
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
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
      {partners.isPending && <p role="status">{messages.loading}</p>}
      {partners.isError && <Alert variant="error">{messages.error(partners.error.message)}</Alert>}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
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
              className="flex w-full items-center gap-3 rounded-card p-4 text-left ring-1 ring-brand-100 hover:bg-brand-50 hover:shadow-md"
            >
              <span
                aria-hidden="true"
                className={`flex size-12 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white ${TONES[partner.name]}`}
              >
                {initials(partner.title)}
              </span>
              <span className="font-semibold text-ink">
                {partner.title}
                <span className="sr-only"> {messages.newTab}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
