import { SsoRedirectPage } from '@portal/features/partners';

export default function SsoRedirect({ params }: { params: Record<string, string | undefined> }) {
  return <SsoRedirectPage sso={params.sso ?? ''} />;
}
