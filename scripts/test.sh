#!/usr/bin/env bash
# `npm test`: type check (every side, tsconfig.json), format check (Prettier), lint (import boundaries and cycles: eslint.config.js), unit and integration tests
# (vitest: real HTTPS servers on real databases), then the browser end-to-end tests (Playwright in Debian's
# chromium against the real `npm start` stack).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
bash scripts/ensure-postgres.sh
npx tsc -b
npx prettier --check . --log-level warn
npx eslint .
npx tsx scripts/gen-api-types.ts --check
npx vitest run
# Playwright's global setup builds the app (e2e/global-setup.ts): building here too cost a minute for nothing
npx playwright test
