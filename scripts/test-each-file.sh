#!/usr/bin/env bash
# `npm run test:each-file [-- pattern]`: every test file alone, one after the other: each vitest file
# in its own project (unit, unit-isolated, store, api, ha), then each Playwright spec. A file that
# passes only after another has run (a module it loaded, a row it wrote, a server it started) fails
# here. Not part of `npm test`: about 20 minutes on the 2-core machine. A pattern keeps the files
# whose path contains it. Each file's output goes to test-summary/each-file/; each file's result and
# time is printed as it ends, then the count and the failed ones.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

pattern=${1:-}
out=test-summary/each-file
rm -rf "$out" && mkdir -p "$out"
# Every vitest project's files, as `[project] path` lines: a project added to vitest.config.ts is met too.
vitest_files=$(vitest list --filesOnly 2>"$out/vitest-list.log") || {
  echo "vitest list failed:"; cat "$out/vitest-list.log"; exit 1; }
total=0
failed=()

# run_alone LABEL COMMAND...: runs the command, its output in a log of its own, and prints the result.
run_alone() {
  local label=$1; shift
  local log="$out/$(echo "$label" | tr '/ ' '__').log"
  local started=$SECONDS
  total=$((total + 1))
  if "$@" >"$log" 2>&1; then
    echo "ok      $((SECONDS - started)) s  $label"
  else
    echo "FAILED  $((SECONDS - started)) s  $label  ($log)"
    failed+=("$label")
  fi
}

while read -r project file; do
  [[ -z $pattern || $file == *"$pattern"* ]] || continue
  project=${project#[}; project=${project%]}
  run_alone "$project $file" vitest run --project "$project" "$file"
done < <(sort -u <<<"$vitest_files")
for spec in tests/e2e/*.spec.ts; do
  [[ -z $pattern || $spec == *"$pattern"* ]] || continue
  run_alone "e2e $spec" playwright test "$spec"
done

echo
echo "Each file alone: $((total - ${#failed[@]})) passed, ${#failed[@]} failed, of $total files"
if ((${#failed[@]})); then
  printf 'failed: %s\n' "${failed[@]}"
  exit 1
fi
