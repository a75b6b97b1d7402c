import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  componentProfiles,
  components,
  profiles,
  trainingRoleMappings,
  type ProfileType,
  type TrainingRole,
} from '../db/schema.js';
import { COMPONENT_CATALOGUE, type CatalogueEntry, type Holder } from './component-catalogue.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type ProfileRow = typeof profiles.$inferSelect;

export type ProfileKey = 'admin' | 'communication' | 'mandataire' | 'junior';

interface SeedProfile {
  key: ProfileKey;
  title: string;
  type: ProfileType;
  holds: (entry: CatalogueEntry) => boolean;
  trainingRole: TrainingRole | null;
}

const holds = (holder: Holder) => (entry: CatalogueEntry) => entry.holders.includes(holder);

export const SEED_PROFILES: SeedProfile[] = [
  { key: 'admin', title: 'Admin', type: 'Hubnup', holds: () => true, trainingRole: 'ROLE_ADMIN' },
  {
    key: 'communication',
    title: 'Communication',
    type: 'Hubnup',
    holds: holds('communication'),
    trainingRole: null,
  },
  {
    key: 'mandataire',
    title: 'Mandataire',
    type: 'Mandataire',
    holds: holds('agent'),
    trainingRole: 'ROLE_TRAINED',
  },
  {
    // A newcomer: the agent space without any export.
    key: 'junior',
    title: 'Mandataire - Junior',
    type: 'Mandataire',
    holds: (entry) => holds('agent')(entry) && !entry.name.endsWith('_export'),
    trainingRole: 'ROLE_TRAINED',
  },
];

/** Profiles, components, their holdings and the training-platform roles. */
export async function seedAccess(tx: Transaction): Promise<Map<ProfileKey, ProfileRow>> {
  const profileRows = await tx
    .insert(profiles)
    .values(
      SEED_PROFILES.map((p) => ({
        title: p.title,
        type: p.type,
        name: `ROLE_${p.title.toUpperCase()}`,
      })),
    )
    .returning();
  const componentRows = await tx
    .insert(components)
    .values(
      COMPONENT_CATALOGUE.map((c, i) => ({
        name: c.name,
        title: c.title,
        page: c.page,
        priority: (i + 1) * 10,
        type: c.kind,
      })),
    )
    .returning();
  await tx
    .insert(componentProfiles)
    .values(
      SEED_PROFILES.flatMap((p, i) =>
        COMPONENT_CATALOGUE.flatMap((c, j) =>
          p.holds(c) ? [{ componentId: componentRows[j]!.id, profileId: profileRows[i]!.id }] : [],
        ),
      ),
    );
  await tx
    .insert(trainingRoleMappings)
    .values(
      SEED_PROFILES.map((p, i) => ({ profileId: profileRows[i]!.id, mappedRole: p.trainingRole })),
    );
  return new Map(SEED_PROFILES.map((p, i) => [p.key, profileRows[i]!]));
}

/**
 * Every start: components added to the catalogue since the database was seeded are created
 * and given to the seeded profiles that hold them (the administrator holds everything), so an
 * existing database opens a new area without a reseed. Components already there are left as
 * the administrators set them.
 */
export async function addNewCatalogueComponents(db: Database): Promise<number> {
  const existing = new Set(
    (await db.select({ name: components.name }).from(components)).map((row) => row.name),
  );
  const missing = COMPONENT_CATALOGUE.map((entry, i) => ({ entry, i })).filter(
    ({ entry }) => !existing.has(entry.name),
  );
  if (missing.length === 0 || existing.size === 0) return 0;
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(components)
      .values(
        missing.map(({ entry, i }) => ({
          name: entry.name,
          title: entry.title,
          page: entry.page,
          priority: (i + 1) * 10,
          type: entry.kind,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const seeded = await tx
      .select()
      .from(profiles)
      .where(
        inArray(
          profiles.name,
          SEED_PROFILES.map((p) => `ROLE_${p.title.toUpperCase()}`),
        ),
      );
    const grants = created.flatMap((component) => {
      const entry = COMPONENT_CATALOGUE.find((c) => c.name === component.name)!;
      return SEED_PROFILES.flatMap((p) => {
        const profile = seeded.find((row) => row.name === `ROLE_${p.title.toUpperCase()}`);
        return profile && p.holds(entry)
          ? [{ componentId: component.id, profileId: profile.id }]
          : [];
      });
    });
    if (grants.length > 0) await tx.insert(componentProfiles).values(grants).onConflictDoNothing();
  });
  return missing.length;
}
