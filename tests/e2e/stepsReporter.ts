import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/**
 * For each browser test that does not pass, its last steps (Playwright calls with their target,
 * expects, fixtures and hooks) with when each began in the test, how long it took, and which never
 * ended, written by test id to the file named by PLAYWRIGHT_STEPS_OUTPUT_NAME for
 * scripts/lib/summarize-tests.mjs. A test that times out between calls (no call pending) otherwise
 * says only 'Test timeout', not where its time went.
 */
interface Seen {
  /** 'Click getByRole('option', { name: 'Site 000' })', 'Navigate /login'. */
  title: string;
  /** 'filter.spec.ts:182', or ':182' when in the test's own file. */
  at?: string;
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
  private readonly open = new WeakMap<TestStep, Seen>();
  private readonly failed: Record<string, { attempt: number; steps: Seen[] }> = {};

  onTestBegin(_test: TestCase, result: TestResult): void {
    this.steps.set(result, []);
  }

  onStepBegin(test: TestCase, result: TestResult, step: TestStep): void {
    const list = this.steps.get(result);
    if (!list) return;
    if (step.parent && step.category !== 'expect' && step.category !== 'pw:api') return;
    // What the teardown does once the test has ended (closing pages and contexts) is not where its
    // time went: only the root step of 'After Hooks' and 'Worker Cleanup' is kept.
    const root = rootOf(step);
    if (step.parent && root.category === 'hook' && root.title !== 'Before Hooks') return;
    const where = step.location;
    const seen: Seen = {
      title: step.subtitle ? `${step.title} ${step.subtitle}` : step.title,
      at: where
        ? `${where.file === test.location.file ? '' : basename(where.file)}:${where.line}`
        : undefined,
      began: step.startTime.getTime() - result.startTime.getTime(),
    };
    list.push(seen);
    if (list.length > 4 * KEEP) list.splice(0, list.length - KEEP);
    this.open.set(step, seen);
  }

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    const seen = this.open.get(step);
    if (seen) seen.ms = step.duration;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const list = this.steps.get(result) ?? [];
    this.steps.delete(result);
    if (result.status === test.expectedStatus) return;
    this.failed[test.id] = { attempt: result.retry, steps: list.slice(-KEEP) };
  }

  onEnd(): void {
    const out = process.env.PLAYWRIGHT_STEPS_OUTPUT_NAME;
    if (!out) return;
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(this.failed, null, 2));
  }

  printsToStdio(): boolean {
    return false;
  }
}
