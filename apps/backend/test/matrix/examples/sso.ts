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
};
