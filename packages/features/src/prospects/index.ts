export { ProspectsPage, type ProspectScope } from './prospects-page';
export { ProspectDetailPage } from './prospect-detail-page';
