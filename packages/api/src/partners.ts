import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { getQuery } from './shared/get-query';

export type Partner = components['schemas']['Partner'];
export type BillingCredentials = components['schemas']['BillingCredentials'];
export type SupportContacts = components['schemas']['SupportContacts'];

/** Key roots (`[operationId]`). */
export const partnerKeys = {
  listPartners: ['listPartners'] as const,
  getSupport: ['getSupport'] as const,
};

export const listPartnersQuery = () =>
  queryOptions({
    queryKey: [...partnerKeys.listPartners] as const,
    queryFn: getQuery('/sso/partners'),
    staleTime: Infinity,
  });

/** The agent's help page (`/support`): the support address and the helpdesk's own address. */
export const getSupportQuery = () =>
  queryOptions({
    queryKey: [...partnerKeys.getSupport] as const,
    queryFn: getQuery('/support'),
    staleTime: 5 * 60_000,
  });

/** The billing tool's sign-on: a login URL and the fields to post to it. */
export async function getBillingCredentials(): Promise<BillingCredentials> {
  return unwrap(await api.main.GET('/api/o2s/getcredentials'));
}

/** The partner platform's sign-on URL. */
export async function getPartnerSsoUrl() {
  return unwrap(await api.main.GET('/sso/partner'));
}

/** The investment partner's sign-on URL. */
export async function getInvestSsoUrl() {
  return unwrap(await api.main.GET('/sso/invest'));
}

/** The training portal's sign-on: a token and the portal's `/sso/{token}` address. */
export async function getOdyssealLogin() {
  return unwrap(await api.main.GET('/sso/odysseal/login'));
}

export type HelpdeskRequest = NonNullable<operations['getHelpdeskSsoUrl']['parameters']['query']>;

/** The helpdesk's sign-on: the address (on its allow-list) to send the user back to. */
export async function getHelpdeskSsoUrl(request: HelpdeskRequest) {
  return unwrap(await api.main.GET('/sso/helpdesk', { params: { query: request } }));
}
