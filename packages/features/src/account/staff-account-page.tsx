import { getCurrentUserQuery } from '@portal/api/session';
import { useQuery } from '@tanstack/react-query';
import { Facts, InfoCard } from '../common';
import { messages } from './messages';
import { SecondFactorSection } from './second-factor-section';

/** The staff console's /mon-compte: who is signed in, and his second factor. */
export function StaffAccountPage() {
  const me = useQuery(getCurrentUserQuery());
  return (
    <section aria-labelledby="account-title" className="max-w-3xl space-y-4">
      <h1 id="account-title" tabIndex={-1} className="text-2xl font-semibold text-ink">
        {messages.title}
      </h1>
      {me.data && (
        <InfoCard id="account-identity" title={messages.identity}>
          <Facts
            rows={[
              [messages.fullName, me.data.fullName],
              [messages.email, me.data.email],
              [messages.profile, me.data.profilName],
            ]}
          />
        </InfoCard>
      )}
      <SecondFactorSection />
    </section>
  );
}
