#!/usr/bin/env bash
# `npm test`: everything, in order — system packages, typecheck, lint, generated types, dashboard
# definitions, unit tests, store tests (DuckDB and a throwaway PostgreSQL), API tests over HTTP on both
# drivers, the deployment test (replicated PostgreSQL, two API instances, HAProxy), and Playwright
# end-to-end tests in Debian's Chromium. Every step runs; the exit status is non-zero when any
# failed, and the last line counts the tests.
set -uo pipefail
cd "$(dirname "$0")/.."

# --- system packages ------------------------------------------------------------------------------
missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing ${missing[*]} with apt-get"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || {
      echo "apt-get install failed"; exit 1; }
  else
    echo "Missing system packages. Install them, then run npm test again:"
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
    exit 1
  fi
fi

# The packages' commands by name, as `npm run` finds them (npx costs about 0.3 s of CPU a call).
export PATH="$PWD/node_modules/.bin:$PATH"

rm -rf test-summary && mkdir -p test-summary
failed_steps=()
step() {
  local name=$1; shift
  echo
  echo "== $name"
  local started=$SECONDS
  if "$@"; then echo "-- $name: ok ($((SECONDS - started)) s)"; else echo "-- $name: FAILED ($((SECONDS - started)) s)"; failed_steps+=("$name"); fi
}
# vitest_project NAME [PROJECT...]: the projects (NAME alone by default), their JSON report named after NAME.
vitest_project() {
  local name=$1; shift
  local projects=()
  for p in "${@:-$name}"; do projects+=(--project "$p"); done
  vitest run "${projects[@]}" --reporter=default --reporter=json --outputFile.json="test-summary/vitest-$name.json"
}

# check NAME FILE [ARGS...]: a check the suite lists, run with tsx. Its file missing (renamed, say)
# fails the step: a listed check is never skipped.
check() {
  local name=$1 file=$2; shift 2
  if [ -f "$file" ]; then step "$name" tsx "$file" "$@"; else step "$name" missing "$file"; fi
}
missing() { echo "$1 is missing: a check listed in scripts/test.sh must exist (rename it here too)"; return 1; }

run_checks() {
  step typecheck tsc --noEmit -p tsconfig.json
  step lint biome check .
  check "generated types are current" scripts/gen-types.ts --check
  check "dashboard definitions" scripts/dashboards-check.ts
  check "dashboard formatting" scripts/dashboards-format.ts --check
  check "dashboard reference is current" scripts/docs-dashboards.ts --check
  return 0
}
run_background_steps() {
  run_checks
  step "store tests (DuckDB, PostgreSQL)" vitest_project store
  step "API tests (DuckDB, PostgreSQL)" vitest_project api
}
# in_background NAME FUNCTION: runs the steps of FUNCTION beside the browser tests, which wait on a
# browser (the tests hold on a busy machine); its output goes to test-summary/NAME.log, printed after
# the browser tests end, and its failures are counted with the rest.
lanes=()
in_background() {
  local name=$1 fn=$2
  ( failed_steps=(); "$fn"; printf '%s\n' "${failed_steps[@]}" > "test-summary/failed-$name" ) \
    > "test-summary/$name.log" 2>&1 &
  lanes+=("$name:$!")
}
# Two lanes of about the same length: the checks, store and API tests in the background; the
# browser tests, then the unit and deployment tests, in the foreground.
echo
echo "== the checks, the store and API tests run beside the end-to-end, unit and deployment tests; their output follows"
in_background checks-store-api run_background_steps
# tests/e2e/stepsReporter.ts: the last steps of each test that fails, for the summary below.
step "end-to-end tests (Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME=test-summary/playwright.json \
  PLAYWRIGHT_STEPS_OUTPUT_NAME=test-summary/playwright-steps.json \
  playwright test --reporter=list,json,./tests/e2e/stepsReporter.ts
step "unit tests" vitest_project unit unit unit-isolated
# Two API instances on replicated PostgreSQL behind HAProxy, under load (docs/operations.md).
step "deployment test (replica, two instances, HAProxy)" vitest_project ha
for lane in "${lanes[@]}"; do
  name=${lane%%:*}
  wait "${lane##*:}"
  cat "test-summary/$name.log"
  while IFS= read -r failed; do [ -n "$failed" ] && failed_steps+=("$failed"); done < "test-summary/failed-$name"
done

# Every page of dashboards/ drawn in Chromium as each demo user, its pills and selects walked
# (docs/qa.md): after the browser tests, whose server built the client it serves. It prints its time.
check "render check (every page drawn)" scripts/dashboards-check.ts --render

node scripts/lib/summarize-tests.mjs test-summary
if ((${#failed_steps[@]})); then
  echo "Failed steps: ${failed_steps[*]}"
  exit 1
fi
