export { SponsorshipPage } from './sponsorship-page';
