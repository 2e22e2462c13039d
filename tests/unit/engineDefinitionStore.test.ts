import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DefinitionStore } from '../../src/server/dashboards/definitionStore';

// Compiling Vega-Lite's schema takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const fixtures = resolve(import.meta.dirname, '..', 'fixtures', 'dashboards');
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('DefinitionStore', () => {
  it('serves a valid edit, refuses an invalid one and keeps the last good version', () => {
    dir = mkdtempSync(join(tmpdir(), 'dashboards-'));
    const file = join(dir, 'page.json');
    copyFileSync(join(fixtures, 'valid-page.json'), file);
    const errors: string[] = [];
    const store = new DefinitionStore({
      dir,
      endpointIndex: join(fixtures, 'api', 'endpoints.json'),
      log: { info: () => {}, warn: () => {}, error: (m) => errors.push(m) },
    });
    expect(store.reload()).toBe(0);
    expect(store.all().map((p) => p.title)).toEqual(['Items']);

    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"title": "Items"', '"title": "Items v2"'));
    expect(store.reload()).toBe(0);
    expect(store.all()[0].title).toBe('Items v2');

    writeFileSync(file, text.replace('"title": "Summary",', '"titel": "Summary",'));
    expect(store.reload()).toBe(1);
    expect(store.all()[0].title).toBe('Items v2');
    expect(errors).toContain('dashboards: page.json refused; the last good version keeps serving');
    expect(
      errors.some((e) => e.includes("/panels/summary/titel unknown property 'titel'; did you mean 'title'?")),
    ).toBe(true);
  });
});
