import { TrackingUsersPage } from '@portal/features/analytics';

export default TrackingUsersPage;
