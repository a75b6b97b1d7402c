// Usage analytics (staff): imported only by the lazy pages of these routes, echarts with them.
export { TrackingGlobalPage } from './tracking-global-page';
export { TrackingUserDetailsPage } from './tracking-user-details-page';
export { TrackingUsersPage } from './tracking-users-page';
