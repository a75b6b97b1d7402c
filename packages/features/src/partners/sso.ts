import {
  getBillingCredentials,
  getInvestSsoUrl,
  getPartnerSsoUrl,
  type Partner,
} from '@portal/api/partners';

export type { Partner };
export type PartnerName = Partner['name'];

/** Only web pages are opened: a URL from a partner answer never runs script in our tab. */
export function isWebUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Where a partner's sign-on lands: a URL to open, or a form to post (the billing tool). */
export type SsoTarget =
  { kind: 'url'; url: string } | { kind: 'post'; url: string; fields: Record<string, string> };

/** Asks the backend for the sign-on of a partner (spec §7). Throws when it cannot. */
export async function fetchSsoTarget(name: PartnerName): Promise<SsoTarget> {
  if (name === 'billing') {
    const credentials = await getBillingCredentials();
    if (!isWebUrl(credentials.loginUrl)) throw new Error('URL de connexion invalide');
    return {
      kind: 'post',
      url: credentials.loginUrl,
      fields: { user: credentials.user, mdp: credentials.mdp },
    };
  }
  const url = name === 'platform' ? await getPartnerSsoUrl() : (await getInvestSsoUrl()).url;
  if (!isWebUrl(url)) throw new Error('URL de connexion invalide');
  return { kind: 'url', url };
}

/**
 * Opens the tab synchronously, inside the click (so no popup blocker steps in), without a
 * handle back on the portal; the sign-on answer then fills it. Null when blocked.
 */
export function openPendingTab(): Window | null {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/** Sends the pending tab to the target: a plain navigation, or a form post (billing tool). */
/** What `goTo` uses of the tab opened before the answer came (a `Window`). */
export type PendingTab = { location: { href: string }; document: Document };

export function goTo(tab: PendingTab | null, target: SsoTarget): void {
  if (target.kind === 'url') {
    if (tab) tab.location.href = target.url;
    else window.open(target.url, '_blank', 'noopener,noreferrer');
    return;
  }
  // Built inside the pending tab (same origin while blank), so the post navigates that tab.
  const doc = tab?.document ?? document;
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = target.url;
  if (!tab) form.target = '_blank';
  form.style.display = 'none';
  for (const [key, value] of Object.entries(target.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = key;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  if (!tab) form.remove();
}

/**
 * The partner's single sign-on in a new tab; when the sign-on call fails, its public login
 * page instead (spec §1, §8).
 */
export async function openPartner(partner: Partner): Promise<void> {
  const tab = openPendingTab();
  let target: SsoTarget;
  try {
    target = await fetchSsoTarget(partner.name);
  } catch {
    target = { kind: 'url', url: partner.publicLoginUrl };
  }
  goTo(tab, target);
}
