import { getPublicSettingsQuery } from '@portal/api/session';
import { authSetup } from '@portal/auth';
import { useQuery } from '@tanstack/react-query';
import { messages } from './messages';

/** Home block `home_contact_us`: the support address set by the administrators. */
export function ContactUs() {
  const settings = useQuery(getPublicSettingsQuery());
  const email = settings.data?.supportEmail || authSetup().config.supportEmail;
  return (
    <section
      aria-labelledby="home-contact-title"
      className="space-y-2 rounded-card bg-brand-50 p-6 shadow-sm ring-1 ring-brand-100"
    >
      <h2 id="home-contact-title" className="text-xl font-semibold text-ink">
        {messages.contactTitle}
      </h2>
      <p className="text-sm text-ink">{messages.contactText}</p>
      <p>
        <a
          href={`mailto:${email}`}
          className="font-semibold text-brand-700 underline"
          data-track="contact-us"
        >
          {messages.contactWrite} : {email}
        </a>
      </p>
    </section>
  );
}
