import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/**
 * For each browser test that does not pass, its last steps (Playwright calls, expects, fixtures and
 * hooks) with when each began in the test, how long it took, and which never ended, written to the
 * file named by PLAYWRIGHT_STEPS_OUTPUT_NAME for scripts/lib/summarize-tests.mjs. A test that times
 * out between calls (no call pending) otherwise says only 'Test timeout', not where its time went.
 */
interface Seen {
  title: string;
  category: string;
  line?: number;
  began: number;
  ms?: number;
}

const KEEP = 8;

function rootOf(step: TestStep): TestStep {
  let root = step;
  while (root.parent) root = root.parent;
  return root;
}

export default class StepsReporter implements Reporter {
  private readonly steps = new Map<TestResult, Seen[]>();
  private readonly open = new Map<TestStep, Seen>();
  private readonly failed: Record<string, { status: string; ms: number; steps: Seen[] }> = {};

  onTestBegin(_test: TestCase, result: TestResult): void {
    this.steps.set(result, []);
  }

  onStepBegin(_test: TestCase, result: TestResult, step: TestStep): void {
    if (step.parent && step.category !== 'expect' && step.category !== 'pw:api') return;
    // What the teardown does after the test ended (closing pages) is not where its time went.
    if (step.parent && rootOf(step).title === 'After Hooks') return;
    const seen: Seen = {
      title: step.title,
      category: step.category,
      line: step.location?.line,
      began: step.startTime.getTime() - result.startTime.getTime(),
    };
    const list = this.steps.get(result);
    if (!list) return;
    list.push(seen);
    if (list.length > 4 * KEEP) list.splice(0, list.length - KEEP);
    this.open.set(step, seen);
  }

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    const seen = this.open.get(step);
    if (seen) seen.ms = step.duration;
    this.open.delete(step);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const list = this.steps.get(result) ?? [];
    this.steps.delete(result);
    if (result.status === test.expectedStatus) return;
    const file = test.location.file.replace(/^.*\/tests\/e2e\//, '');
    this.failed[`${file}:${test.location.line}`] = {
      status: result.status,
      ms: result.duration,
      steps: list.slice(-KEEP),
    };
  }

  onEnd(): void {
    const out = process.env.PLAYWRIGHT_STEPS_OUTPUT_NAME;
    if (out) writeFileSync(out, JSON.stringify(this.failed, null, 2));
  }

  printsToStdio(): boolean {
    return false;
  }
}
