#!/usr/bin/env bash
# Everything CI runs: install, generated-code freshness, lint, typecheck, unit/component/backend/
# contract tests (PGlite), the Storybook build, both app builds and their bundle budgets, the
# backend suite again on a real PostgreSQL, the end-to-end suite in Debian's Chromium, and the
# production topology's smoke test (deploy/, Debian's nginx).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
need_node
started=$SECONDS
step() { printf '\n=== %s (%ss)\n' "$1" $((SECONDS - started)); }

step 'System packages'
ensure_debian_package /usr/bin/chromium chromium
ensure_debian_package /usr/sbin/nginx nginx
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ensure_debian_package /usr/lib/postgresql/15/bin/initdb postgresql

step 'Install'
pnpm install --frozen-lockfile

step 'Generated API types are up to date'
# Through turbo, so that the turbo step below finds @portal/api#generate in its cache rather than
# generating the same files a second time.
pnpm exec turbo run generate --filter=@portal/api --output-logs=errors-only
if [ -d .git ] && ! git diff --quiet -- packages/api/src/generated packages/api/openapi/main.yaml; then
  git --no-pager diff --stat -- packages/api/src/generated packages/api/openapi/main.yaml
  echo 'Generated API types are stale: run `pnpm --filter @portal/api generate` and commit.' >&2
  exit 1
fi

step 'Format, lint, typecheck, unit and component tests, builds, Storybook'
pnpm exec prettier --check . --log-level warn
# The backend's files all run on PostgreSQL below; PGlite takes those about itself.
BACKEND_PGLITE_SUITE=embedded pnpm exec turbo run lint typecheck test build storybook:build --output-logs=errors-only --concurrency=2 --summarize
node scripts/turbo-times.mjs 15

step 'Docs against the tree'
node_modules/.bin/vitest run scripts/docs.test.ts

step 'Bundle budgets'
node scripts/budget.mjs agent staff

step 'Backend suite on PostgreSQL'
(cd apps/backend && bash scripts/with-postgres.sh node_modules/.bin/vitest run)

step 'End-to-end (Chromium), and beside it the area generator (a throwaway area passes lint, typecheck and its screen test)'
# The end-to-end step leaves part of a core idle (Chromium and its stack wait on each other): the
# generator's test takes it, niced so that the flows keep the priority, in a copy of the tree
# (it scaffolds into the tree it runs in, which the end-to-end stack reads).
generator_tree=$(mktemp -d -t portal-generator-XXXXXX)
copy_tree "$generator_tree"
(cd "$generator_tree" && nice -n 10 node_modules/.bin/vitest run scripts/new-area.test.ts) \
  >"$generator_tree.log" 2>&1 &
generator=$!
trap 'kill "$generator" 2>/dev/null || true' EXIT
(cd e2e && node_modules/.bin/playwright test)
generator_status=0
wait "$generator" || generator_status=$?
cat "$generator_tree.log"
rm -rf "$generator_tree" "$generator_tree.log"
[ "$generator_status" -eq 0 ] || exit "$generator_status"

step 'Production topology: nginx, two compiled backends on PostgreSQL, S3 store, SMTP (rolling restart, backup and restore)'
(cd e2e && bash ../apps/backend/scripts/with-postgres.sh node_modules/.bin/playwright test -c topology.config.ts)

step "All green in $((SECONDS - started))s"
