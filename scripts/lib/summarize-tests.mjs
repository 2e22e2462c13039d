// Adds up the JSON reports of vitest and Playwright and prints, last, each failed test (file:line,
// title, the first line of its error) and one closing line: 'N passed, N failed'. CI shows only the
// tail of the run, so the failures must be named there.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

const firstLine = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in error messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0) ?? '';

function playwrightSpecs(suite, out) {
  for (const spec of suite.specs ?? []) out.push(spec);
  for (const child of suite.suites ?? []) playwrightSpecs(child, out);
  return out;
}

for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  if ('numPassedTests' in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const name = relative(process.cwd(), file.name);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) {
        const line = t.location?.line ? `:${t.location.line}` : '';
        failures.push(`${name}${line} ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
      if (failedTests.length === 0 && file.status === 'failed')
        failures.push(`${name}: ${firstLine(file.message)}`);
    }
  } else if (r.stats) {
    passed += r.stats.expected ?? 0;
    failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped ?? 0;
    for (const spec of (r.suites ?? []).flatMap((s) => playwrightSpecs(s, []))) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = t.results?.find((x) => x.error)?.error;
        const at = error?.location ? ` (at line ${error.location.line})` : '';
        failures.push(`tests/e2e/${spec.file}:${spec.line} ${spec.title}: ${firstLine(error?.message)}${at}`);
      }
    }
    for (const e of r.errors ?? []) failures.push(`playwright: ${firstLine(e.message)}`);
  }
}
if (failures.length) {
  console.log('\nFailed tests:');
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
