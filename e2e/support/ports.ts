/**
 * How many Playwright workers run at once; each has a whole stack of its own. One by default:
 * on a 2-core machine two stacks make each flow twice as slow (they are CPU-bound) and the staff
 * customers list then misses its 10 s expectation (docs/benchmarks/2026-11-25-two-e2e-workers.md). Worth it on more cores.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);

/**
 * Ports of one worker's end-to-end stack (backend on its own database, both apps), away from the
 * ones `npm start` uses so both can run at once. Stack `n` sits 10 ports above stack `n - 1`;
 * `E2E_PORT_OFFSET` shifts them all, so that two work trees can run their suites side by side.
 */
export function stackUrls(stack: number) {
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) + 10 * stack;
  const at = (port: number) => `http://127.0.0.1:${port + offset}`;
  return {
    mainApi: at(3100),
    trainingApi: at(3101),
    agentApp: at(5273),
    staffApp: at(5274),
    /** API Platform Admin's build and the backend behind one origin (support/admin-proxy.mjs). */
    apiPlatformAdmin: at(5275),
    supportEmail: 'support@reseau-patrimoine.fr',
  } as const;
}

/**
 * The stack of the worker running this file: flows on different workers never share accounts,
 * rights or data, whatever they change. Playwright numbers the workers running at once
 * from 0 (`TEST_PARALLEL_INDEX`, unset in the runner itself).
 */
export const E2E = stackUrls(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

export const DEMO_PASSWORD = 'Portail2026!';
export const DEMO = {
  admin: 'admin@reseau-patrimoine.fr',
  communication: 'communication@reseau-patrimoine.fr',
  agent: 'claire.martin@reseau-patrimoine.fr',
  agent2: 'julien.lefebvre@reseau-patrimoine.fr',
  disabled: 'paul.durand@reseau-patrimoine.fr',
} as const;
