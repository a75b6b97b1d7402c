import type { SelectedFields } from 'drizzle-orm/pg-core';
import {
  clicksExport,
  connectionDays,
  connectionsTotal,
  devices,
  documentsChart,
  documentsExport,
  ofUser,
  pageClicks,
  pageDays,
  pagesExport,
  sessionsExport,
  topConsultants,
  topConsultantsExport,
  topDocuments,
  topDocumentsExport,
  topPages,
  topPagesExport,
  trackingUsersResource,
} from '../resources/analytics.js';
import { exportHandler, itemHandler, listHandler, sumHandler } from '../resources/handlers.js';
import type { SourceResourceSpec } from '../resources/types.js';
import type { Deps, HandlerMap } from '../deps.js';

/**
 * Usage analytics, declared on the resource layer (`resources/analytics.ts`): the users' list,
 * the figures (tops, splits, day series) and the exports.
 */
export function analyticsHandlers({ db }: Deps): HandlerMap {
  // One user's figures (`/tracking/users/{id}/…`, spec part 2 §7): the global ones for him.
  const forUser = <F extends SelectedFields, R>(figure: SourceResourceSpec<F, R>) =>
    listHandler(db, ofUser(figure));
  return {
    listTrackingUsers: listHandler(db, trackingUsersResource),
    getTrackingUser: itemHandler(db, trackingUsersResource),
    listTrackingTopConsultants: listHandler(db, topConsultants),
    listTrackingTopPages: listHandler(db, topPages),
    listTrackingTopDocuments: listHandler(db, topDocuments),
    exportTrackingTopConsultants: exportHandler(db, topConsultantsExport),
    exportTrackingTopPages: exportHandler(db, topPagesExport),
    exportTrackingTopDocuments: exportHandler(db, topDocumentsExport),
    listTrackingDevices: listHandler(db, devices),
    getTrackingConnectionsTotal: sumHandler(db, connectionsTotal),
    listTrackingConnectionsDays: listHandler(db, connectionDays),
    listTrackingPagesDays: listHandler(db, pageDays),
    listTrackingPageClicks: listHandler(db, pageClicks),
    listTrackingDocuments: listHandler(db, documentsChart),
    exportTrackingDocuments: exportHandler(db, documentsExport),
    exportTrackingPages: exportHandler(db, pagesExport),
    exportTrackingClicks: exportHandler(db, clicksExport),
    exportTrackingSessions: exportHandler(db, sessionsExport),
    listTrackingUserTopPages: forUser(topPages),
    listTrackingUserTopDocuments: forUser(topDocuments),
    listTrackingUserDevices: forUser(devices),
    getTrackingUserConnectionsTotal: sumHandler(db, connectionsTotal),
    listTrackingUserConnectionsDays: forUser(connectionDays),
    listTrackingUserPagesDays: forUser(pageDays),
    listTrackingUserPageClicks: forUser(pageClicks),
    listTrackingUserDocuments: forUser(documentsChart),
  };
}
