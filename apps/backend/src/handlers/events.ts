import { exportHandler, itemHandler, listHandler } from '../resources/handlers.js';
import {
  teamEventCounts,
  teamEventCountsExport,
  teamEvents,
  teamEventsExport,
} from '../resources/participations.js';
import type { Deps, HandlerMap } from '../deps.js';

/**
 * The team training report: participations, counts per agent and their exports, all declared
 * on the resource layer (`resources/participations.ts`).
 */
export function eventHandlers({ db }: Deps): HandlerMap {
  return {
    listTeamEvents: listHandler(db, teamEvents),
    getTeamEvent: itemHandler(db, teamEvents, String),
    countTeamEvents: listHandler(db, teamEventCounts),
    exportTeamEventCounts: exportHandler(db, teamEventCountsExport),
    exportTeamEvents: exportHandler(db, teamEventsExport),
  };
}
