import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { lockEmbeddedDatabase } from '../db/startup-lock.js';
import { createStorage } from '../files/storage.js';
import { demoAccounts } from './accounts.js';
import { seedOnFirstStart } from './startup.js';

const config = loadConfig();
const lock = lockEmbeddedDatabase(config);
const { db, close } = await openDatabase(config);
try {
  const seeded = await seedOnFirstStart(db, config.dataDir, process.env, createStorage(config));
  console.log(
    seeded
      ? 'Données de démonstration créées.'
      : 'La base contient déjà des utilisateurs : rien à faire.',
  );
  if (seeded) for (const a of demoAccounts) console.log(`  ${a.email} / ${a.password} — ${a.role}`);
} finally {
  await close();
  lock?.release();
}
