// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useId as mantineUseId } from '@mantine/hooks';
import { useId as useReactId } from 'react';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig, { MANTINE_USE_ID_PATH, mantineStableIds, STABLE_USE_ID_MODULE } from '../../vite.config';
import { mountPointPerTest } from '../support/mountPoint';

/** The module the client's build replaces, as installed. */
const INSTALLED = join('node_modules', '@mantine', 'hooks', 'esm', 'use-id', 'use-id.mjs');

/** How the bundler reports an error from a plugin: it throws. */
const bundler = {
  error(message: string): never {
    throw new Error(message);
  },
};

/** One of the plugin's hooks, called as the bundler calls it. */
function call<T>(plugin: Plugin, name: 'buildStart' | 'transform' | 'buildEnd', ...args: unknown[]): T {
  return (plugin[name] as unknown as (this: typeof bundler, ...a: unknown[]) => T).call(bundler, ...args);
}

/** The plugin's transform of one module, in a build of its own. */
function transform(code: string, id: string): { code: string } | null {
  return call(mantineStableIds(), 'transform', code, id);
}

/**
 * The replacement module, loaded as the build loads it: beside the installed packages, so `react` is
 * theirs. Its file is named by its text and this process, and written whole before it is read: Node
 * keeps a module it has imported, and another run may be loading its own.
 */
async function loadReplacement(): Promise<typeof mantineUseId> {
  const dir = join('node_modules', '.cache', 'mantine-stable-ids');
  mkdirSync(dir, { recursive: true });
  const name = `use-id-${createHash('sha256').update(STABLE_USE_ID_MODULE).digest('hex').slice(0, 16)}-${process.pid}`;
  const file = join(dir, `${name}.mjs`);
  writeFileSync(`${file}.part`, STABLE_USE_ID_MODULE);
  renameSync(`${file}.part`, file);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { useId: typeof mantineUseId })
    .useId;
}

/**
 * The id React's useId gave just before `next` on this root: React counts the ids of a client render
 * (`_r_<count in base 32>_`), so the id a component asks for right after another is the next count.
 */
function reactIdBefore(next: string): string {
  const match = /^(.*r_)([0-9a-v]+)_$/.exec(next);
  if (!match) throw new Error(`not an id of React's client render: ${next}`);
  return `${match[1]}${(Number.parseInt(match[2], 32) - 1).toString(32)}_`;
}

const mount = mountPointPerTest();

type Seen = Record<'a' | 'b' | 'own', string[]> & {
  /** For each render of 'a', the id React's own useId gives right after the hook's. */
  nextOfA: string[];
};

/** A component asking for an id (its own `own`, if any), noting the id of each of its renders. */
function Probe({
  name,
  own,
  useId,
  seen,
}: {
  name: 'a' | 'b' | 'own';
  own?: string;
  useId: typeof mantineUseId;
  seen: Seen;
}) {
  const id = useId(own);
  const next = useReactId();
  seen[name].push(id);
  if (name === 'a') seen.nextOfA.push(next);
  return <span id={id} />;
}

/** Draws two components asking for an id and one with an id of its own; answers each render's ids. */
function drawProbes(useId: typeof mantineUseId): Seen {
  const seen: Seen = { a: [], b: [], own: [], nextOfA: [] };
  mount.render(
    <>
      <Probe name="a" useId={useId} seen={seen} />
      <Probe name="b" useId={useId} seen={seen} />
      <Probe name="own" own="filter-site" useId={useId} seen={seen} />
    </>,
  );
  return seen;
}

describe("the client's build: Mantine's ids without a second render", () => {
  it('replaces the installed @mantine/hooks useId, whose code is still the one the replacement was written for', () => {
    const path = join(process.cwd(), INSTALLED);
    expect(MANTINE_USE_ID_PATH.test(path)).toBe(true);
    expect(transform(readFileSync(INSTALLED, 'utf8'), path)?.code).toBe(STABLE_USE_ID_MODULE);
    // Any other module is left as it is.
    expect(transform('export const x = 1;', join(process.cwd(), 'src/client/main.tsx'))).toBeNull();
  });

  it("is one of the client build's plugins, for builds only", () => {
    // The config's plugins, arrays of plugins among them (React's), flattened.
    const flatten = (option: unknown): Plugin[] =>
      Array.isArray(option) ? option.flatMap(flatten) : option ? [option as Plugin] : [];
    const plugin = flatten(viteConfig.plugins).find((p) => p.name === 'mantine-stable-ids');
    expect(plugin?.apply).toBe('build');
  });

  it('fails a build that never met the module (a release that moved it), and passes one that replaced it', () => {
    const unmet = mantineStableIds();
    call(unmet, 'buildStart');
    expect(() => call(unmet, 'buildEnd')).toThrow(/useId was not found at esm\/use-id\/use-id\.mjs/);
    // A build failing for another reason gets no second error.
    expect(() => call(unmet, 'buildEnd', new Error('another'))).not.toThrow();
    const met = mantineStableIds();
    call(met, 'buildStart');
    const path = join(process.cwd(), INSTALLED);
    call(met, 'transform', readFileSync(INSTALLED, 'utf8'), path);
    expect(() => call(met, 'buildEnd')).not.toThrow();
  });

  it('fails the build, naming the file, when a Mantine release changes useId', () => {
    const path = join(process.cwd(), INSTALLED);
    const changed = readFileSync(INSTALLED, 'utf8').replace('setUuid(randomId())', 'setUuid(nextId())');
    expect(() => transform(changed, path)).toThrow(
      /useId \(.*use-id\.mjs\) no longer contains 'setUuid\(randomId\(\)\)': check that mantineStableIds in vite\.config\.ts/,
    );
  });

  it("Mantine's own useId renders every component that asks for an id a second time after it mounts", () => {
    const seen = drawProbes(mantineUseId);
    expect(seen.a).toHaveLength(2);
    expect(seen.own).toHaveLength(2);
    // The second render changed the id, from React's to a random one.
    expect(seen.a[1]).not.toBe(seen.a[0]);
  });

  it("the replacement renders once, with the id of Mantine's own first render (React's): unique per component, kept when drawn again, the caller's own kept", async () => {
    const useId = await loadReplacement();
    const original = drawProbes(mantineUseId);
    mount.unmount();
    const seen = drawProbes(useId);
    expect(seen.a).toHaveLength(1);
    expect(seen.b).toHaveLength(1);
    expect(seen.own).toEqual(['filter-site']);
    // Mantine's own first render: 'mantine-' and React's id. The replacement gives the same: the id
    // React's useId gives in its place.
    expect(original.a[0]).toBe(`mantine-${reactIdBefore(original.nextOfA[0])}`);
    expect(seen.a[0]).toBe(`mantine-${reactIdBefore(seen.nextOfA[0])}`);
    expect(seen.a[0]).not.toBe(seen.b[0]);
    expect(mount.element.querySelectorAll('span')[0].id).toBe(seen.a[0]);
    // Drawn again by its parent, a component keeps its id (React keeps a useId while it stays mounted).
    const again = drawProbes(useId);
    expect(again.a).toEqual(seen.a);
    expect(again.b).toEqual(seen.b);
  });
});
