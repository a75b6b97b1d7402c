import { monthNames } from '../common';
import { apiError, apiHandler } from '../testing';

/** The calls the screens made (`GET /path?query`), for the tests to check. */
export const statisticsCalls: string[] = [];

const months = (values: Record<number, number>) =>
  Array.from({ length: 12 }, (_, i) => values[i + 1] ?? 0);
const MONTHS = monthNames();

/** The MSW handlers of the area: UC figures, a failing team page, the dashboard. */
export const statisticsHandlers = [
  apiHandler('get', '/statistics/taux-uc', ({ query }) => {
    statisticsCalls.push(`GET /statistics/taux-uc?${query.toString()}`);
    return {
      year: Number(query.get('year') ?? 2026),
      providers: [
        { id: 1, name: 'Corum' },
        { id: 2, name: 'Generali' },
      ],
      figures: [
        {
          id: 'uc-rate-months',
          title: 'Taux UC par mois (%)',
          unit: 'percent' as const,
          categoryLabel: 'Mois',
          categories: MONTHS,
          series: [{ name: 'Taux UC', values: months({ 3: 25, 5: 100 }) }],
        },
        {
          id: 'uc-rate-providers',
          title: 'Taux UC par fournisseur (%)',
          unit: 'percent' as const,
          categoryLabel: 'Fournisseur',
          categories: [],
          series: [{ name: 'Taux UC', values: [] }],
        },
      ],
    };
  }),
  apiHandler('get', '/statistics/team', () => apiError(500, 'Panne')),
  apiHandler('get', '/statistics/dashboard', () => ({
    year: 2026,
    newAgents: { thisYear: 12, lastYear: 9 },
    pendingModificationRequests: 3,
  })),
];
