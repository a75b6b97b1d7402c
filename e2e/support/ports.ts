/** Ports of the end-to-end stack, away from the ones `npm start` uses so both can run at once. */
export const E2E = {
  mainApi: 'http://127.0.0.1:3100',
  trainingApi: 'http://127.0.0.1:3101',
  agentApp: 'http://127.0.0.1:5273',
  staffApp: 'http://127.0.0.1:5274',
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
