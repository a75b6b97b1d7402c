/**
 * Configuration read when the page loads (from `/config.js`, which sets
 * `window.__PORTAL_CONFIG__`), so one build serves every environment.
 */
export interface RuntimeConfig {
  mainApiUrl: string;
  trainingApiUrl: string;
  agentAppUrl: string;
  staffAppUrl: string;
  supportEmail: string;
}

declare global {
  interface Window {
    __PORTAL_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export const DEFAULT_PORTS = { main: 3000, training: 3001, agent: 5173, staff: 5174 } as const;

export function readRuntimeConfig(): RuntimeConfig {
  const { protocol, hostname } = window.location;
  const at = (port: number) => `${protocol}//${hostname}:${port}`;
  return {
    mainApiUrl: at(DEFAULT_PORTS.main),
    trainingApiUrl: at(DEFAULT_PORTS.training),
    agentAppUrl: at(DEFAULT_PORTS.agent),
    staffAppUrl: at(DEFAULT_PORTS.staff),
    supportEmail: 'support@reseau-patrimoine.fr',
    ...window.__PORTAL_CONFIG__,
  };
}
