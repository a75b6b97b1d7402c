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

step 'The area generator (a throwaway area passes lint, typecheck and its screen test); docs against the tree'
node_modules/.bin/vitest run scripts/new-area.test.ts scripts/docs.test.ts

step 'Bundle budgets'
node scripts/budget.mjs agent staff

step 'Backend suite on PostgreSQL'
(cd apps/backend && bash scripts/with-postgres.sh node_modules/.bin/vitest run)

step 'End-to-end (Chromium)'
(cd e2e && node_modules/.bin/playwright test)

step 'Production topology: nginx, two compiled backends on PostgreSQL, S3 store, SMTP (rolling restart, backup and restore)'
(cd e2e && bash ../apps/backend/scripts/with-postgres.sh node_modules/.bin/playwright test -c topology.config.ts)

step "All green in $((SECONDS - started))s"
