/** The demo accounts the access tests sign in with (src/seed/accounts.ts). */
export const ADMIN = 'admin@reseau-patrimoine.fr';
export const COMMUNICATION = 'communication@reseau-patrimoine.fr';
/** CGP0001, sponsor of CGP0002, who sponsors CGP0004. */
export const CLAIRE = 'claire.martin@reseau-patrimoine.fr';
/** CGP0002. */
export const JULIEN = 'julien.lefebvre@reseau-patrimoine.fr';
/** CGP0003, disabled. */
export const PAUL = 'paul.durand@reseau-patrimoine.fr';
/** CGP0004, 'Mandataire - Junior'. */
export const LUCAS = 'lucas.petit@reseau-patrimoine.fr';
