import { TrackingUserDetailsPage } from '@portal/features/analytics';

export default function TrackingUserDetails({
  params,
}: {
  params: Record<string, string | undefined>;
}) {
  return <TrackingUserDetailsPage id={params.id ?? ''} />;
}
