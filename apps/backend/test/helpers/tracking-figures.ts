/** The network's usage figures over a period, as the staff console's usage page reads them. */
export const NETWORK_FIGURES = [
  '/tracking/top/consultants',
  '/tracking/top/pages',
  '/tracking/top/documents',
  '/tracking/devices',
  '/tracking/connections/total',
  '/tracking/connections/days',
  '/tracking/pages/week',
  '/tracking/pages/clicks',
  '/tracking/documents',
] as const;
