#!/usr/bin/env bash
# Installs everything, builds both apps and the UI kit's Storybook, starts the reference backend
# (seeded demo network on embedded PostgreSQL, data kept in .data/) and serves the apps and
# Storybook. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
need_node

pnpm install --frozen-lockfile
pnpm exec turbo run build --filter=@portal/agent --filter=@portal/staff --output-logs=errors-only
# The UI kit's Storybook, built once, for designers (served below on port 6006).
pnpm exec turbo run storybook:build --filter=@portal/ui --output-logs=errors-only

pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; }
trap cleanup EXIT INT TERM

# Requests are logged at warn and above unless LOG_LEVEL says otherwise, to keep this banner readable.
# DEV_OUTBOX=1 serves the development mail outbox (reset links) at /dev/outbox: a local demo
# only (the backend refuses it in production and on a non-loopback address).
(cd apps/backend && DEV_OUTBOX=1 LOG_LEVEL=${LOG_LEVEL:-warn} exec node node_modules/tsx/dist/cli.mjs src/main.ts) &
pids+=($!)
(cd apps/agent && exec node_modules/.bin/vite preview --host localhost) >/dev/null &
pids+=($!)
(cd apps/staff && exec node_modules/.bin/vite preview --host localhost) >/dev/null &
pids+=($!)
(cd packages/ui && exec node_modules/.bin/vite preview --host localhost --outDir storybook-static --port 6006 --strictPort) >/dev/null &
pids+=($!)

# The first start migrates and seeds the database: wait for it, and say so if it fails.
ready=false
for _ in $(seq 1 180); do
  if ! kill -0 "${pids[0]}" 2>/dev/null; then
    echo 'The backend stopped while starting: see its messages above.' >&2
    exit 1
  fi
  if node -e "fetch('http://127.0.0.1:3000/public/settings').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
    ready=true
    break
  fi
  sleep 1
done
if [ "$ready" != true ]; then
  echo 'The backend did not answer on http://127.0.0.1:3000 within 3 minutes.' >&2
  exit 1
fi

cat <<'MSG'

  Portail réseau — demo
  ─────────────────────
  Espace mandataire (agents)   http://localhost:5173
  Console du réseau (staff)    http://localhost:5174
  Storybook (UI kit)           http://localhost:6006
  API principale               http://localhost:3000
  API formation                http://localhost:3001
  Boîte d'envoi des mails      http://localhost:3000/dev/outbox
                               (development outbox, enabled here by DEV_OUTBOX=1:
                               every reset link is readable there, never use on a shared host)

  Comptes de démonstration (mot de passe : Portail2026!) :
MSG
(cd apps/backend && node node_modules/tsx/dist/cli.mjs --eval "import('./src/seed/accounts.ts').then(({ demoAccounts }) => demoAccounts.forEach((a) => console.log('    ' + a.email.padEnd(40) + a.role)))")
cat <<'MSG'

  Ctrl-C to stop. Data is kept in .data/ (delete it to start afresh).
MSG
wait
