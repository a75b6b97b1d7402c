export { StatisticsPage } from './statistics-page';
