#!/usr/bin/env bash
# `npm run test:each-file [-- pattern]`: every test file alone, one after the other: each vitest file
# in its own project (unit, unit-isolated, store, api, ha), then each Playwright spec. A file that
# passes only after another has run (a module it loaded, a row it wrote, a server it started) fails
# here. Not part of `npm test`: about 20 minutes on the 2-core machine. A pattern keeps the files
# whose path contains it. Each file's output goes to test-summary/each-file/; the last lines list
# every file with its result and time, then the failed ones.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

pattern=${1:-}
out=test-summary/each-file
rm -rf "$out" && mkdir -p "$out"
results=()
failed=()

run_alone() {
  local label=$1; shift
  local log="$out/$(echo "$label" | tr '/ ' '__').log"
  local started=$SECONDS
  if "$@" >"$log" 2>&1; then
    results+=("ok      $((SECONDS - started)) s  $label")
  else
    results+=("FAILED  $((SECONDS - started)) s  $label  ($log)")
    failed+=("$label")
  fi
  echo "${results[-1]}"
}

for project in unit unit-isolated store api ha; do
  while IFS= read -r file; do
    [[ -z $pattern || $file == *"$pattern"* ]] || continue
    run_alone "$project $file" vitest run --project "$project" "$file"
  done < <(vitest list --project "$project" --filesOnly 2>/dev/null | sed -E "s/^\[$project\] //" | sort -u)
done
for spec in tests/e2e/*.spec.ts; do
  [[ -z $pattern || $spec == *"$pattern"* ]] || continue
  run_alone "e2e $spec" playwright test "$spec"
done

echo
echo "Each file alone: $((${#results[@]} - ${#failed[@]})) passed, ${#failed[@]} failed, of ${#results[@]} files"
if ((${#failed[@]})); then
  printf 'failed: %s\n' "${failed[@]}"
  exit 1
fi
