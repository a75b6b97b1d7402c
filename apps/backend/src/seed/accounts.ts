export const DEMO_PASSWORD = 'Portail2026!';

export interface DemoAccount {
  email: string;
  password: string;
  role: string;
}

/** The accounts the demo seed creates, printed by the start script. */
export const demoAccounts: DemoAccount[] = [
  {
    email: 'admin@reseau-patrimoine.fr',
    password: DEMO_PASSWORD,
    role: 'Administratrice (console)',
  },
  {
    email: 'communication@reseau-patrimoine.fr',
    password: DEMO_PASSWORD,
    role: 'Communication (console)',
  },
  {
    email: 'claire.martin@reseau-patrimoine.fr',
    password: DEMO_PASSWORD,
    role: 'Mandataire CGP0001 (portail)',
  },
  {
    email: 'julien.lefebvre@reseau-patrimoine.fr',
    password: DEMO_PASSWORD,
    role: 'Mandataire CGP0002 (portail)',
  },
  {
    email: 'paul.durand@reseau-patrimoine.fr',
    password: DEMO_PASSWORD,
    role: 'Mandataire CGP0003, compte désactivé',
  },
  {
    email: 'lucas.petit@reseau-patrimoine.fr',
    password: DEMO_PASSWORD,
    role: 'Mandataire - Junior CGP0004, filleul de CGP0002 (portail, sans exports)',
  },
];
