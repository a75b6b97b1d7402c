/**
 * Ports of the end-to-end stack, away from the ones `npm start` uses so both can run at once.
 * `E2E_PORT_OFFSET` shifts them all, so that two work trees can run their suites side by side.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const at = (port: number) => `http://127.0.0.1:${port + offset}`;

export const E2E = {
  mainApi: at(3100),
  trainingApi: at(3101),
  agentApp: at(5273),
  staffApp: at(5274),
  supportEmail: 'support@reseau-patrimoine.fr',
} as const;

export const DEMO_PASSWORD = 'Portail2026!';
export const DEMO = {
  admin: 'admin@reseau-patrimoine.fr',
  communication: 'communication@reseau-patrimoine.fr',
  agent: 'claire.martin@reseau-patrimoine.fr',
  agent2: 'julien.lefebvre@reseau-patrimoine.fr',
  disabled: 'paul.durand@reseau-patrimoine.fr',
} as const;
