import { getTrackingUserQuery } from '@portal/api/analytics';
import { Alert } from '@portal/ui/alert';
import { useQuery } from '@tanstack/react-query';
import { BackLink } from '../list-kit';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';
import {
  PeriodFields,
  periodQuery,
  type Tab,
  TabFigures,
  TabLinks,
  usePeriodFilters,
} from './tracking-figures';

/** A user's tabs: the network's without Top 50 (spec part 2 §2). */
const USER_TABS: readonly Tab[] = ['connections', 'pages', 'documents'];

/** `/tracking/users/{id}/details` (`tracking_users_page`): one user's usage. */
export function TrackingUserDetailsPage({ id }: { id: string }) {
  const userId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  const user = useQuery({ ...getTrackingUserQuery(userId), enabled: userId > 0 });
  const { filters, apply, hrefOf } = usePeriodFilters(
    staffPaths.trackingUserDetails(String(userId)),
    USER_TABS,
  );
  if (userId === 0 || user.isError) {
    return (
      <div className="space-y-4">
        <BackLink fallback={staffPaths.trackingUsers} label={messages.back} />
        <Alert variant="error">{messages.failed}</Alert>
      </div>
    );
  }
  const name = user.data ? `${user.data.firstName} ${user.data.lastName}` : '…';
  return (
    <div className="space-y-6">
      <BackLink fallback={staffPaths.trackingUsers} label={messages.back} />
      <h1 className="text-2xl font-semibold text-ink">{messages.userTitle(name)}</h1>
      <PeriodFields from={filters.from} to={filters.to} onChange={apply} />
      <TabLinks tabs={USER_TABS} current={filters.tab} hrefOf={hrefOf} />
      <TabFigures tab={filters.tab} period={periodQuery(filters, userId)} />
    </div>
  );
}
