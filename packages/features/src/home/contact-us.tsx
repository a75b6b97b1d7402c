import { getPublicSettingsQuery } from '@portal/api/session';
import { authSetup } from '@portal/auth';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { Spinner } from '@portal/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { TitledSection } from '../common';
import { messages } from './messages';

// The form (react-hook-form, file field) loads when the dialog opens, not with the home page.
const SupportRequestForm = lazy(() =>
  import('../account').then((m) => ({ default: m.SupportRequestForm })),
);

/**
 * Home block `home_contact_us`: the support address set by the administrators, and the support
 * request form of the account page in a dialog (`POST /agent_request`).
 */
export function ContactUs() {
  const settings = useQuery(getPublicSettingsQuery());
  const email = settings.data?.supportEmail || authSetup().config.supportEmail;
  const [open, setOpen] = useState(false);
  return (
    <TitledSection
      id="home-contact-title"
      title={messages.contactTitle}
      titleClassName="text-xl font-semibold text-ink"
      intro={messages.contactText}
      introClassName="text-sm text-ink"
      className="space-y-3 rounded-card bg-brand-50 p-6 shadow-sm ring-1 ring-brand-100"
    >
      <Button type="button" onClick={() => setOpen(true)} data-track="contact-us-request">
        {messages.contactRequest}
      </Button>
      <p>
        <a
          href={`mailto:${email}`}
          className="font-semibold text-brand-700 underline"
          data-track="contact-us"
        >
          {messages.contactWrite} : {email}
        </a>
      </p>
      <Dialog open={open} onClose={() => setOpen(false)} title={messages.contactRequestTitle}>
        <Suspense fallback={<Spinner />}>
          <SupportRequestForm onSent={() => setOpen(false)} />
        </Suspense>
      </Dialog>
    </TitledSection>
  );
}
