import { TrackingGlobalPage } from '@portal/features/analytics';

export default TrackingGlobalPage;
