// The network's statistics (staff): imported only by the lazy pages of these routes, echarts with them.
export {
  StatisticsInvestmentsPage,
  StatisticsRealEstatePage,
  StatisticsTauxUcPage,
  StatisticsTeamPage,
} from './statistics-page';
