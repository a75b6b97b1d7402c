import { getHelpdeskSsoUrl, getOdyssealLogin } from '@portal/api/partners';
import { Alert } from '@portal/ui/alert';
import { ButtonLink } from '@portal/ui/button-link';
import { showSnackbar } from '@portal/ui/snackbar';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { followInApp } from '../common';
import { messages } from './messages';
import { isWebUrl } from './sso';

/** The sign-on targets of `/redirect/{sso}`. */
export type SsoName = 'odysseal' | 'helpdesk';

const HELPDESK_PARAMETERS = ['client_id', 'nonce', 'state', 'redirect_uri'] as const;

/** Where the browser goes next, or the failure's message and whether to go home. */
async function targetOf(sso: string, search: URLSearchParams): Promise<string> {
  if (sso === 'odysseal') {
    const { url } = await getOdyssealLogin();
    if (!isWebUrl(url)) throw new Error('URL de connexion invalide');
    const target = new URL(url);
    const ref = search.get('ref');
    if (ref) target.searchParams.set('ref', ref);
    return target.toString();
  }
  const [clientId, nonce, state, redirectUri] = HELPDESK_PARAMETERS.map(
    (name) => search.get(name) ?? '',
  );
  const { url } = await getHelpdeskSsoUrl({
    client_id: clientId!,
    nonce: nonce!,
    state: state!,
    redirect_uri: redirectUri!,
  });
  if (!isWebUrl(url)) throw new Error('URL de connexion invalide');
  return url;
}

/**
 * `/redirect/{sso}?ref=...` (spec part 1 §2, §8): signs the user on to the training portal
 * (`odysseal`) or the helpdesk (`helpdesk`, its request's parameters checked first) and
 * replaces this page by theirs, so neither this address nor the token stays in the history.
 * Launched once, whatever the renders (the double-launch guard).
 */
export function SsoRedirectPage({ sso }: { sso: string }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const launched = useRef(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (launched.current) return;
    launched.current = true;
    const params = new URLSearchParams(search);
    const home = (message: string) => {
      showSnackbar(message, 'error');
      navigate('/', { replace: true });
    };
    if (sso === 'helpdesk' && HELPDESK_PARAMETERS.some((name) => !params.get(name))) {
      home(messages.helpdeskParameters);
      return;
    }
    if (sso !== 'helpdesk' && sso !== 'odysseal') return;
    targetOf(sso, params)
      .then((url) => window.location.replace(url))
      .catch((error: unknown) => {
        if (sso === 'odysseal') setFailed(true);
        else
          home(
            (error as { status?: number }).status === 400
              ? messages.helpdeskParameters
              : messages.helpdeskUser,
          );
      });
  }, [sso, search, navigate]);

  const known = sso === 'helpdesk' || sso === 'odysseal';
  // A failure is no dead end: the way home is offered (issue 41).
  return failed || !known ? (
    <div className="space-y-4">
      <Alert variant="error">{messages.redirectFailed}</Alert>
      <ButtonLink
        href="/"
        variant="secondary"
        onNavigate={(event) => followInApp(event, '/', navigate)}
      >
        {messages.backHome}
      </ButtonLink>
    </div>
  ) : (
    <p role="status" className="text-slate-700">
      {messages.redirecting}
    </p>
  );
}
