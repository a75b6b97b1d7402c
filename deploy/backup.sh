#!/usr/bin/env bash
# Backs up what production keeps: the database (pg_dump, custom format) and the file store
# (DATA_DIR/files or the S3 bucket, through the backend's own storage settings).
#   DATABASE_URL=… S3_BUCKET=… bash deploy/backup.sh BACKUP_DIR
# The database goes first: a file uploaded meanwhile is copied too (an orphan the restored
# backend's sweep removes), never a row without its file.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:?Usage : backup.sh DOSSIER}
[ -n "${DATABASE_URL:-}" ] || { echo 'DATABASE_URL est requis.' >&2; exit 2; }
mkdir -p "$dest"
[ -z "$(ls -A "$dest")" ] || { echo "$dest n'est pas vide." >&2; exit 2; }
pg_dump --format=custom --no-owner --no-privileges --file="$dest/database.dump" "$DATABASE_URL"
node "$root/apps/backend/dist/files-backup.js" backup "$dest/files"
echo "Sauvegarde complète dans $dest."
