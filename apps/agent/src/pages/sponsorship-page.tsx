import { SponsorshipPage } from '@portal/features/sponsorship';

export default function MySponsorshipPage() {
  return <SponsorshipPage />;
}
