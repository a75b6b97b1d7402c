import { loadConfig } from '../config.js';
import { backupFiles, restoreFiles } from './backup.js';
import { createStorage } from './storage.js';

/**
 * `files-backup backup DIR` copies the file store (DATA_DIR/files or S3_BUCKET, as the backend
 * is configured) into DIR; `files-backup restore DIR` puts DIR back into it. deploy/backup.sh
 * and deploy/restore.sh call it beside pg_dump and pg_restore.
 */
const [command, folder] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !folder) {
  console.error('Usage : files-backup backup|restore DOSSIER');
  process.exit(2);
}
const storage = createStorage(loadConfig());
const count =
  command === 'backup' ? await backupFiles(storage, folder) : await restoreFiles(storage, folder);
console.log(
  command === 'backup'
    ? `${count} fichier(s) copié(s) dans ${folder}.`
    : `${count} fichier(s) restauré(s) depuis ${folder}.`,
);
