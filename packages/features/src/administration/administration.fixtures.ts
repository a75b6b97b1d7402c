// The profiles the administration screens' tests list (`GET /profiles`).

export const adminProfile = {
  '@id': '/profiles/1',
  '@type': 'Profile',
  id: 1,
  title: 'Admin',
  type: 'Hubnup',
  name: 'ROLE_ADMIN',
} as const;

export const agentProfile = {
  '@id': '/profiles/2',
  '@type': 'Profile',
  id: 2,
  title: 'Mandataire',
  type: 'Mandataire',
  name: 'ROLE_MANDATAIRE',
} as const;

export const profiles = [adminProfile, agentProfile] as const;
