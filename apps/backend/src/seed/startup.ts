import type { Database } from '../db/client.js';
import type { FileStorage } from '../files/storage.js';
import { backfillNewsEntries } from '../domain/news-read-state.js';
import { addNewCatalogueComponents } from './access.js';
import { seedDemo } from './demo.js';
import { hasNetwork, networkOptionsFromEnv, seedNetwork } from './network.js';
import { renameSeededProspectFiles } from './prospect-files.js';

/**
 * First start: the demo accounts, then the demo network around them (SEED_SCALE, default 1;
 * 0 skips the network), then the news read-state entries of agents (see `ensureNewsEntries`),
 * and the prospects' documents of an older demo renamed (`renameSeededProspectFiles`).
 * Answers whether the demo accounts were created now.
 */
export async function seedOnFirstStart(
  db: Database,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  storage?: FileStorage,
): Promise<boolean> {
  const seeded = await seedDemo(db);
  const options = networkOptionsFromEnv(env, dataDir);
  if (options.scale > 0 && !(await hasNetwork(db))) {
    await seedNetwork(db, { ...options, storage, log: (line) => console.log(line) });
  }
  // Every start: agents' news read-state entries that a database created before they were
  // written on save lacks (a count, then one idempotent insert only when some are missing).
  await backfillNewsEntries(db);
  await addNewCatalogueComponents(db);
  // Every start: prospects' documents of a demo seeded before they were named as uploads.
  if (storage) {
    const moved = await renameSeededProspectFiles(db, storage);
    if (moved > 0) console.log(`Documents de prospects renommés : ${moved}.`);
  }
  return seeded;
}
