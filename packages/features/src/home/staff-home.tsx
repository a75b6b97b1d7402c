import { useSession } from '@portal/auth';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TitledSection } from '../common';
import { messages } from './messages';
import { WelcomePanel } from './welcome-panel';

export type StaffHomeLink = {
  href: string;
  label: string;
  /** The component the page needs; null when any signed-in user may open it. */
  component: string | null;
  section?: string;
};

/**
 * Staff home `/accueil`: a welcome, the network's figures (`dashboard`, composed by the app),
 * then a link to each page of the console the user holds, and the training portal for those
 * who hold `sso_odysseal` (`trainingHref`, the console's `/redirect/odysseal`, in a new tab as
 * on the agent's help page).
 */
export function StaffHome({
  links,
  dashboard,
  trainingHref,
}: {
  links: readonly StaffHomeLink[];
  dashboard?: ReactNode;
  trainingHref?: string;
}) {
  const session = useSession();
  const held = new Set(session?.components ?? []);
  const open = links.filter((link) => link.component === null || held.has(link.component));

  return (
    <div className="space-y-8">
      <WelcomePanel />
      {dashboard}
      <section aria-labelledby="staff-dashboard-title" className="space-y-3">
        <h2 id="staff-dashboard-title" className="text-xl font-semibold text-ink">
          {messages.dashboardTitle}
        </h2>
        <p className="text-sm text-muted">{messages.dashboardIntro}</p>
        {open.length === 0 ? (
          <p className="text-sm text-muted">{messages.dashboardEmpty}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {open.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="flex h-full flex-col gap-1 rounded-card bg-surface p-5 shadow-sm ring-1 ring-brand-100 hover:shadow-md"
                >
                  {link.section && (
                    <span className="text-xs font-semibold tracking-wide text-muted uppercase">
                      {link.section}
                    </span>
                  )}
                  <span className="text-lg font-semibold text-brand-700">{link.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {trainingHref && held.has('sso_odysseal') && (
        <TitledSection
          id="staff-training-title"
          title={messages.trainingTitle}
          titleClassName="text-xl font-semibold text-ink"
          intro={messages.trainingText}
          introClassName="text-sm text-ink"
          className="flex flex-col gap-2 rounded-card bg-surface p-5 shadow-sm"
        >
          <a
            href={trainingHref}
            target="_blank"
            rel="noopener noreferrer"
            data-track="staff-home-training"
            className="font-semibold text-brand-700 underline"
          >
            {messages.trainingLink} <span className="sr-only">{messages.newTab}</span>
          </a>
        </TitledSection>
      )}
    </div>
  );
}
