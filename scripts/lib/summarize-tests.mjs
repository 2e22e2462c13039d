// Adds up the JSON reports of vitest and Playwright and prints, last, each failed test (file:line,
// title, the first line of its error; for a browser test that timed out, also the step it was
// waiting on; for a browser test, its last steps with their times) and one closing line:
// 'N passed, N failed'. CI shows only the tail of the run, so the failures must be named there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

const plain = (text) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in error messages
  String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');

const firstLine = (text) =>
  plain(text)
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0) ?? '';

/**
 * The end of a Playwright error's call log, if it has one: its last four steps, repeats counted
 * ('5 × waiting for element to be visible, enabled and stable', 'element is not stable'), so a
 * timed-out action says whether its element never settled, was covered, or was never checked.
 */
function logTail(text) {
  const lines = plain(text).split('\n');
  const start = lines.findIndex((l) => l.trim() === 'Call log:');
  if (start < 0) return '';
  const log = [];
  for (const l of lines.slice(start + 1)) {
    const step = l.trim().replace(/^- /, '');
    if (!/^\s/.test(l) || !step) break;
    log.push(step);
  }
  return log.slice(-4).join(' · ');
}

function playwrightSpecs(suite, out) {
  for (const spec of suite.specs ?? []) out.push(spec);
  for (const child of suite.suites ?? []) playwrightSpecs(child, out);
  return out;
}

// tests/e2e/stepsReporter.ts: the last steps of each browser test that failed, by test id.
const STEPS = 'playwright-steps.json';
let lastSteps = {};
try {
  if (existsSync(join(dir, STEPS))) lastSteps = JSON.parse(readFileSync(join(dir, STEPS), 'utf8'));
} catch {
  // A damaged steps file costs the steps, not the summary.
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** 'at 41.2 s: Click getByRole(...) (:182) 1.3 s · at 42.5 s: Expect "toHaveText" (:184) never ended'. */
function stepsOf(id) {
  const seen = lastSteps[id];
  if (!seen?.steps?.length) return '';
  const said = seen.steps.map((s) => {
    const at = s.at ? ` (${s.at})` : '';
    return `at ${seconds(s.began)}: ${s.title}${at} ${s.ms === undefined ? 'never ended' : seconds(s.ms)}`;
  });
  const attempt = seen.attempt ? ` (attempt ${seen.attempt + 1})` : '';
  return `\n      last steps${attempt}: ${said.join(' · ')}`;
}

for (const f of readdirSync(dir).filter((x) => x.endsWith('.json') && x !== STEPS)) {
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
        const result = t.results?.find((x) => x.error);
        const errors = result?.errors?.length ? result.errors : result?.error ? [result.error] : [];
        // A test timeout is one error; what was waiting when it struck is the next, with its line and
        // the last steps of its call log ('waiting for getByRole(...)'): name both.
        const said = errors.slice(0, 3).map((e) => {
          const at = e.location ? ` (at line ${e.location.line})` : '';
          const step = logTail(e.message);
          return `${firstLine(e.message)}${at}${step ? ` [${step}]` : ''}`;
        });
        // What the test noted as it ended (tests/e2e/test.ts: what a page that outlived a timeout was doing).
        const notes = (result?.annotations ?? t.annotations ?? []).map(
          (a) => ` {${a.type}: ${a.description}}`,
        );
        failures.push(
          `tests/e2e/${spec.file}:${spec.line} ${spec.title}: ${said.join(' / ')}${notes.join('')}${stepsOf(spec.id)}`,
        );
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
