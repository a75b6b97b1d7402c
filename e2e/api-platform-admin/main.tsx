// API Platform Admin pointed at the backend, as an integrator would set it up: served from the
// backend's origin (support/admin-proxy.mjs), a bearer token on every call. The flow puts the
// token in localStorage before the page loads (tests/api-platform-admin.spec.ts).
import {
  fetchHydra,
  HydraAdmin,
  hydraDataProvider,
  type HttpClientOptions,
} from '@api-platform/admin';
import { parseHydraDocumentation } from '@api-platform/api-doc-parser';
import { createRoot } from 'react-dom/client';

const entrypoint = window.location.origin;
const headers = () => {
  const token = window.localStorage.getItem('token');
  return token ? { Authorization: `Bearer ${token}` } : ({} as Record<string, string>);
};

const dataProvider = hydraDataProvider({
  entrypoint,
  // The admin's own headers kept (merge-patch on PATCH), the token added.
  httpClient: (url: URL, options: HttpClientOptions = {}) =>
    fetchHydra(url, {
      ...options,
      headers: { ...(options.headers as Record<string, string> | undefined), ...headers() },
    }),
  // Embedded relations (a news item's picture) as their IRIs, for the reference inputs: the
  // admin's option for APIs that embed, as ours does where the spec does.
  useEmbedded: false,
  apiDocumentationParser: (url: string) => parseHydraDocumentation(url, { headers: headers() }),
});

createRoot(document.getElementById('root')!).render(
  <HydraAdmin entrypoint={entrypoint} dataProvider={dataProvider} />,
);
