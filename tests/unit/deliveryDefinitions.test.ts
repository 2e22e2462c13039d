import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../scripts/dashboards-check';
import { runDiff } from '../../scripts/dashboards-diff';
import { loadDeliveryDefinitions } from '../../src/server/deliveries/definitions';
import { runTool } from '../fixtures/tools/runTool';

const repo = resolve(import.meta.dirname, '../..');

/** Runs dashboards:check in-process on a folder; its exit status and what it printed. */
function check(dir: string, args: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const status = runCheck(args, {
    cwd: dir,
    env: { DASHBOARDS_DIR: dir },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { status, out, err };
}

describe('the shipped digests and alert rules', () => {
  it('load: a weekly and a daily digest, and the missed-call, 48-hour and 4-hour rules', async () => {
    const defs = await loadDeliveryDefinitions(join(repo, 'dashboards'));
    expect([...defs.digests.keys()].sort()).toEqual(['daily-yesterday', 'weekly-portfolio']);
    expect(defs.digests.get('weekly-portfolio')?.period).toBe('Prior Week');
    expect(defs.digests.get('daily-yesterday')?.period).toBe('Yesterday');
    expect([...defs.alertRules.keys()].sort()).toEqual([
      'action-items-48h',
      'missed-call-rate',
      'response-time-4h',
    ]);
  });
});

describe('dashboards:check on digests and alert rules', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'delivery-check-'));
    cpSync(join(repo, 'dashboards'), dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts them among the definitions checked, with no error', () => {
    const { status, out } = check(dir);
    expect(status).toBe(0);
    // 9 pages, the library file, 2 digests and 3 alert rules.
    expect(out.join('\n')).toMatch(/^15 definitions checked, 0 errors$/m);
  });

  it('refuses a digest naming a panel its page does not have, at its line', () => {
    const file = join(dir, 'digests', 'broken.json');
    writeFileSync(
      file,
      `{
  "id": "broken",
  "title": "Broken",
  "period": "Prior Week",
  "items": [
    { "page": "home", "panel": "volume" },
    { "page": "home", "panel": "callerBehaviour" },
    { "page": "nowhere", "panel": "x" },
    { "page": "home", "panel": "volume", "widgets": ["chart-nope"] }
  ]
}
`,
    );
    try {
      const { status, err } = check(dir);
      expect(status).toBe(1);
      expect(err).toEqual([
        "digests/broken.json:7:32 /items/1/panel panel 'callerBehaviour' is not declared in page 'home'; did you mean 'callerBehavior'?",
        expect.stringMatching(
          /^digests\/broken\.json:8:15 \/items\/2\/page page 'nowhere' is not among the definitions; /,
        ),
        expect.stringMatching(
          /^digests\/broken\.json:9:54 \/items\/3\/widgets\/0 panel 'volume' of page 'home' has no widget with id 'chart-nope'; use one of 'chart-volume'$/,
        ),
      ]);
    } finally {
      rmSync(file);
    }
  });

  it("checks an alert rule's source as a page's: endpoint, body keys, row fields, thresholds", () => {
    const file = join(dir, 'alerts', 'broken.json');
    writeFileSync(
      file,
      `{
  "id": "broken-rule",
  "title": "Broken",
  "period": "Yesterday",
  "source": {
    "endpoint": "/api/data/caller_behavior/missed_calls/by_site",
    "body": { "startDate": { "$filter": "startDate" }, "endDate": { "$filter": "endDate" }, "colour": 1 },
    "rows": "/values"
  },
  "entity": { "kind": "site", "idField": "siteId", "nameField": "siteName" },
  "value": { "field": "missedCallPercentage", "format": "percent" },
  "condition": { "above": "max" },
  "thresholds": { "maxPercent": { "label": "Missed calls above (%)", "default": 25 } },
  "resolveMessage": "{entity} recovered"
}
`,
    );
    try {
      const { status, err } = check(dir);
      expect(status).toBe(1);
      expect(err).toEqual([
        expect.stringMatching(
          /^alerts\/broken\.json:7:93 \/source\/body\/colour unknown property 'colour'; /,
        ),
        expect.stringMatching(
          /^alerts\/broken\.json:10:65 \/entity\/nameField field 'siteName' is not in the response rows of .*; use one of 'siteId', 'siteIsActive', 'site',/,
        ),
        expect.stringMatching(
          /^alerts\/broken\.json:11:23 \/value\/field .*'missedCallPercentage'.*did you mean 'missedCallPercent'\?/,
        ),
        "alerts/broken.json:12:27 /condition/above threshold 'max' is not declared in /thresholds; declare it, or use one of 'maxPercent'",
      ]);
    } finally {
      rmSync(file);
    }
  });

  it('reports a schema error of a digest at its line (an unknown period)', () => {
    const file = join(dir, 'digests', 'bad-period.json');
    writeFileSync(
      file,
      '{\n  "id": "bad-period",\n  "title": "Bad",\n  "period": "Last Week",\n  "items": [{ "page": "home", "panel": "volume" }]\n}\n',
    );
    try {
      const { status, err } = check(dir);
      expect(status).toBe(1);
      expect(err).toEqual([
        expect.stringMatching(/^digests\/bad-period\.json:4:13 \/period 'Last Week' is not allowed; /),
      ]);
    } finally {
      rmSync(file);
    }
  });

  it('throws the located errors from the loader the server uses', async () => {
    const file = join(dir, 'digests', 'broken.json');
    writeFileSync(
      file,
      '{ "id": "x", "title": "X", "period": "Yesterday", "items": [{ "page": "home", "panel": "nope" }] }\n',
    );
    try {
      await expect(loadDeliveryDefinitions(dir)).rejects.toThrow(
        /digests\/broken\.json:1:\d+ \/items\/0\/panel panel 'nope'/,
      );
    } finally {
      rmSync(file);
    }
  });
});

describe('dashboards:diff on digests and alert rules', () => {
  let before: string;
  let after: string;
  beforeAll(() => {
    before = mkdtempSync(join(tmpdir(), 'delivery-diff-a-'));
    after = mkdtempSync(join(tmpdir(), 'delivery-diff-b-'));
    cpSync(join(repo, 'dashboards'), before, { recursive: true });
    cpSync(join(repo, 'dashboards'), after, { recursive: true });
  });
  afterAll(() => {
    rmSync(before, { recursive: true, force: true });
    rmSync(after, { recursive: true, force: true });
  });

  it('says equal folders are equal', () => {
    expect(runTool(runDiff, [before, after])).toMatchObject({ status: 0 });
  });

  it('names the digest and rule that changed, were added or removed, and the parts that changed', () => {
    const weekly = join(after, 'digests', 'weekly-portfolio.json');
    const doc = JSON.parse(readFileSync(weekly, 'utf8'));
    doc.period = 'Prior Month';
    doc.items[2].panel = 'tiles';
    writeFileSync(weekly, JSON.stringify(doc, null, 2));
    rmSync(join(after, 'alerts', 'action-items-48h.json'));
    const run = runTool(runDiff, [before, after]);
    expect(run.status).toBe(1);
    expect(run.stdout.trim().split('\n').slice(-2)).toEqual([
      'alert rule action-items-48h: removed',
      'digest weekly-portfolio: changed period, items/2',
    ]);
  });
});
