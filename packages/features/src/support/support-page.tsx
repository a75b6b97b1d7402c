import { getSupportQuery } from '@portal/api/partners';
import { authSetup } from '@portal/auth';
import { useHasComponent } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SupportRequestCard } from '../account';
import { agentPaths } from '../paths';
import { TitledSection } from '../common';
import { messages } from './messages';

function ContactCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 rounded-card bg-surface p-5 shadow-sm">
      <h3 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      {children}
    </li>
  );
}

/** A link opening in a new tab, saying so to screen readers. */
function NewTabLink({ href, children, track }: { href: string; children: string; track: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-track={track}
      className="font-semibold break-words text-brand-700 underline"
    >
      {children} <span className="sr-only">{messages.newTab}</span>
    </a>
  );
}

/**
 * `/support` (`support_page`): the agent's help page. The support's address (the one set on
 * the portal administration page, the configuration's until then), the helpdesk, whose own
 * page starts its sign-on back through `/redirect/helpdesk`, the training portal for those
 * who hold `sso_odysseal` (`/redirect/odysseal` signs them on), and the support request of the
 * account page.
 */
export function SupportPage() {
  const support = useQuery(getSupportQuery());
  const training = useHasComponent('sso_odysseal');
  const email = support.data?.supportEmail || authSetup().config.supportEmail;
  return (
    <TitledSection
      id="support-title"
      level={1}
      title={messages.title}
      intro={messages.intro}
      introClassName="text-muted"
      header="space-y-1"
      className="max-w-4xl space-y-6"
    >
      <section aria-labelledby="support-contacts" className="space-y-3">
        <h2 id="support-contacts" className="text-xl font-semibold text-ink">
          {messages.contacts}
        </h2>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <ContactCard id="support-email" title={messages.emailTitle}>
            <p className="text-sm text-ink">{messages.emailText}</p>
            {/* Once the set address is known: no configured one flickering before it. */}
            {!support.isPending && (
              <a
                href={`mailto:${email}`}
                data-track="support-email"
                className="font-semibold break-all text-brand-700 underline"
              >
                {email}
              </a>
            )}
          </ContactCard>
          <ContactCard id="support-helpdesk" title={messages.helpdeskTitle}>
            <p className="text-sm text-ink">{messages.helpdeskText}</p>
            {support.isPending && <p role="status">{messages.loading}</p>}
            {support.isError && <Alert variant="error">{messages.error}</Alert>}
            {support.data && (
              <NewTabLink href={support.data.helpdesk.url} track="support-helpdesk">
                {messages.helpdeskLink(support.data.helpdesk.title)}
              </NewTabLink>
            )}
          </ContactCard>
          {training && (
            <ContactCard id="support-training" title={messages.trainingTitle}>
              <p className="text-sm text-ink">{messages.trainingText}</p>
              <NewTabLink href={agentPaths.ssoRedirect('odysseal')} track="support-training">
                {messages.trainingLink}
              </NewTabLink>
            </ContactCard>
          )}
        </ul>
      </section>
      <SupportRequestCard id="support-request" />
    </TitledSection>
  );
}
