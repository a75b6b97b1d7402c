import { exportHandler, listHandler, sumHandler } from '../resources/handlers.js';
import { consultantPicker, sponsorPicker } from '../resources/pickers.js';
import {
  cgpYear,
  teamAllSales,
  teamDirectSales,
  teamInvestmentExport,
  teamMembersExport,
  teamRealEstateExport,
  teamSalesExport,
} from '../resources/teams.js';
import type { Deps, HandlerMap } from '../deps.js';

/**
 * Teams: their sales figures (direct and every depth), exports, pickers and yearly totals, all
 * declared on the resource layer (`resources/teams.ts`).
 */
export function teamHandlers({ db }: Deps): HandlerMap {
  return {
    listTeamDirectSales: listHandler(db, teamDirectSales),
    listTeamSales: listHandler(db, teamAllSales),
    exportTeamSales: exportHandler(db, teamSalesExport),
    exportTeamData: exportHandler(db, teamMembersExport),
    exportTeamRealEstate: exportHandler(db, teamRealEstateExport),
    exportTeamInvestment: exportHandler(db, teamInvestmentExport),
    listTeamAgents: listHandler(db, { ...consultantPicker, path: '/cgps/teams/agents' }),
    listTeamSponsors: listHandler(db, sponsorPicker),
    getCgpYear: sumHandler(db, cgpYear),
  };
}
