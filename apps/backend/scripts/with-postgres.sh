#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server:
#   bash scripts/with-postgres.sh npx vitest run
# The server lives in a temporary directory, listens on 127.0.0.1:$PGPORT (default 54329)
# with trust authentication, and is removed when the command ends. DATABASE_URL is exported, and
# PG_BINDIR (the binaries' folder).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "Usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

bindir=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then bindir="$candidate"; break; fi
done
if [ -z "$bindir" ]; then
  echo "PostgreSQL introuvable : aucun initdb/pg_ctl sous /usr/lib/postgresql/*/bin." >&2
  echo "Installez-le (Debian/Ubuntu : apt-get install postgresql) ou définissez DATABASE_URL vous-même." >&2
  exit 127
fi

port="${PGPORT:-54329}"
if (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "Le port $port est déjà utilisé ; choisissez-en un autre avec PGPORT=..." >&2
  exit 1
fi

workdir="$(mktemp -d -t portal-pg-XXXXXX)"
datadir="$workdir/data"
user="$(id -un)"
# PostgreSQL refuses to run as root: run it as the postgres user then.
as_server=()
if [ "$(id -u)" -eq 0 ]; then
  user="postgres"
  as_server=(runuser -u postgres --)
  chown postgres "$workdir"
fi

cleanup() {
  status=$?
  "${as_server[@]}" "$bindir/pg_ctl" -D "$datadir" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
  exit "$status"
}
trap cleanup EXIT INT TERM

"${as_server[@]}" "$bindir/initdb" -D "$datadir" -U "$user" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$workdir/initdb.log" 2>&1 ||
  { cat "$workdir/initdb.log" >&2; exit 1; }
"${as_server[@]}" "$bindir/pg_ctl" -D "$datadir" -l "$workdir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $workdir -c fsync=off -c max_connections=200" start >/dev/null ||
  { cat "$workdir/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://$user@127.0.0.1:$port/postgres"
# Tests that stop and restart a server start one of their own with the same binaries.
export PG_BINDIR="$bindir"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') prêt : $DATABASE_URL" >&2
"$@"
