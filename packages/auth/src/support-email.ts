import { getPublicSettings } from '@portal/api/session';
import { useEffect, useState } from 'react';
import { authSetup } from './setup';

let request: Promise<string | null> | null = null;

function fetchSupportEmail(): Promise<string | null> {
  request ??= getPublicSettings()
    .then((settings) => settings.supportEmail ?? null)
    .catch(() => null);
  return request;
}

/**
 * The support address set on the portal administration page; the runtime configuration's
 * until it arrives, or when the backend has none or cannot be reached.
 */
export function useSupportEmail(): string {
  const fallback = authSetup().config.supportEmail;
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void fetchSupportEmail().then((value) => live && setEmail(value));
    return () => {
      live = false;
    };
  }, []);
  return email || fallback;
}

/** Forgets the fetched address (after the administrator changes it, and between tests). */
export function forgetSupportEmail(): void {
  request = null;
}
