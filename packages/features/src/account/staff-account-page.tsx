import { getCurrentUserQuery } from '@portal/api/session';
import { useQuery } from '@tanstack/react-query';
import { Facts, InfoCard, TitledSection } from '../common';
import { messages } from './messages';
import { SecondFactorSection } from './second-factor-section';

/** The staff console's /mon-compte: who is signed in, and his second factor. */
export function StaffAccountPage() {
  const me = useQuery(getCurrentUserQuery());
  return (
    <TitledSection
      id="account-title"
      level={1}
      title={messages.title}
      className="max-w-3xl space-y-4"
    >
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
    </TitledSection>
  );
}
