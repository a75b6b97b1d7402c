import type { Example } from './types.js';

export const ssoExamples: Record<string, Example> = {
  'main:listPartners': { request: () => ({ path: '/sso/partners' }), foreign: 'configuration' },
  'main:getBillingCredentials': {
    request: () => ({ path: '/api/o2s/getcredentials' }),
    foreign: 'the caller only',
  },
  'main:getPartnerSsoUrl': {
    request: () => ({ path: '/sso/partner' }),
    foreign: 'the caller only',
  },
  'main:getInvestSsoUrl': { request: () => ({ path: '/sso/invest' }), foreign: 'the caller only' },
  'main:getOdyssealLogin': {
    request: () => ({ path: '/sso/odysseal/login' }),
    foreign: 'the caller only',
  },
  'main:getHelpdeskSsoUrl': {
    request: ({ fx }) => {
      const { clientId, redirectUris } = fx.ctx.config.partners.helpdesk;
      const uri = encodeURIComponent(redirectUris[0]!);
      return { path: `/sso/helpdesk?client_id=${clientId}&state=s&nonce=n&redirect_uri=${uri}` };
    },
    foreign: 'the caller only',
  },
  'main:getSupport': { request: () => ({ path: '/support' }), foreign: 'configuration' },
};
