import { Gate } from '@portal/auth';
import { PartnerLogos } from '../partners';
import { ContactUs } from './contact-us';
import { HomeNews } from './home-news';
import { WelcomePanel } from './welcome-panel';

/** Agent home `/`: the greeting, then the news slider, partners and contact-us, each gated. */
export function AgentHome() {
  return (
    <div className="space-y-8">
      <WelcomePanel />
      <Gate component="home_news">
        <HomeNews />
      </Gate>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Gate component="home_partners">
          <PartnerLogos />
        </Gate>
        <Gate component="home_contact_us">
          <ContactUs />
        </Gate>
      </div>
    </div>
  );
}
