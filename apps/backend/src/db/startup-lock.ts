import type { Config } from '../config.js';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './data-dir-lock.js';

/**
 * Locks DATA_DIR when the database is PGlite on disk (PostgreSQL takes any number of processes);
 * a second start on a locked directory prints why and exits at once with status 1.
 */
export function lockEmbeddedDatabase(
  config: Pick<Config, 'database' | 'dataDir'>,
): DataDirLock | null {
  if (config.database.kind !== 'pglite' || config.database.dataDir === null) return null;
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
