#!/usr/bin/env bash
# Everything CI runs: install, generated-code freshness, lint, typecheck, unit/component/backend/
# contract tests (PGlite), the Storybook build, both app builds and their bundle budgets, the
# backend suite again on a real PostgreSQL (beside the turbo step), and the end-to-end suite in
# Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
need_node
started=$SECONDS
step() { printf '\n=== %s (%ss)\n' "$1" $((SECONDS - started)); }

step 'System packages'
ensure_debian_package /usr/bin/chromium chromium
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ensure_debian_package /usr/lib/postgresql/15/bin/initdb postgresql

step 'Install'
pnpm install --frozen-lockfile

step 'Generated API types are up to date'
pnpm --filter @portal/api generate >/dev/null
if [ -d .git ] && ! git diff --quiet -- packages/api/src/generated packages/api/openapi/main.yaml; then
  git --no-pager diff --stat -- packages/api/src/generated packages/api/openapi/main.yaml
  echo 'Generated API types are stale: run `pnpm --filter @portal/api generate` and commit.' >&2
  exit 1
fi

# The PostgreSQL suite runs beside the turbo step, which leaves a core idle at times (its task
# graph narrows to the PGlite suite at the end): about 3 minutes less in all (docs/benchmarks.md).
# It must end before the area generator writes its throwaway area into the tree.
step 'Backend suite on PostgreSQL: started in the background'
pg_log="$(mktemp -t portal-pg-suite-XXXXXX)"
# Its own process group, so that a failure of a later step stops it and its server whole.
(cd apps/backend && exec setsid bash scripts/with-postgres.sh node_modules/.bin/vitest run) \
  >"$pg_log" 2>&1 &
pg_pid=$!
trap 'kill -- -"$pg_pid" 2>/dev/null || true' EXIT

step 'Format, lint, typecheck, unit and component tests, builds, Storybook'
pnpm exec prettier --check . --log-level warn
pnpm exec turbo run lint typecheck test build storybook:build --output-logs=errors-only --concurrency=2 --summarize
node scripts/turbo-times.mjs 15

step 'Backend suite on PostgreSQL: its result'
pg_status=0
wait "$pg_pid" || pg_status=$?
cat "$pg_log"
rm -f "$pg_log"
[ "$pg_status" -eq 0 ] || { echo "The backend suite on PostgreSQL failed ($pg_status)." >&2; exit "$pg_status"; }

step 'The area generator: a throwaway area passes lint, typecheck and its screen test'
node_modules/.bin/vitest run scripts/new-area.test.ts

step 'Bundle budgets'
node scripts/budget.mjs agent staff

step 'End-to-end (Chromium)'
(cd e2e && node_modules/.bin/playwright test)

step "All green in $((SECONDS - started))s"
