import { profileIri } from '../access/iri.js';
import type { profiles } from '../db/schema.js';

type ProfileRow = typeof profiles.$inferSelect;

/** A profile as the API shows it (its own operations, and inside a user). */
export const profileJson = (p: ProfileRow) => ({
  '@id': profileIri(p.id),
  '@type': 'Profile',
  id: p.id,
  title: p.title,
  type: p.type,
  name: p.name,
});
