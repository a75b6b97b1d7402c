#!/usr/bin/env bash
# Restores a backup of deploy/backup.sh into an EMPTY database and an empty file store:
#   DATABASE_URL=…/nouvelle_base S3_BUCKET=… bash deploy/restore.sh BACKUP_DIR
# Then start the backend processes on them (docs/operations.md, "Back up and restore").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src=${1:?Usage : restore.sh DOSSIER}
[ -n "${DATABASE_URL:-}" ] || { echo 'DATABASE_URL est requis.' >&2; exit 2; }
[ -f "$src/database.dump" ] || { echo "$src/database.dump introuvable." >&2; exit 2; }
tables=$(psql "$DATABASE_URL" -Atc "select count(*) from information_schema.tables where table_schema = 'public'")
[ "$tables" = 0 ] || { echo 'La base cible n'"'"'est pas vide : restaurez dans une base neuve.' >&2; exit 2; }
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$DATABASE_URL" "$src/database.dump"
node "$root/apps/backend/dist/files-backup.js" restore "$src/files"
echo "Restauration terminée depuis $src."
