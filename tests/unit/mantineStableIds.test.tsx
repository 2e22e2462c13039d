// @vitest-environment jsdom
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useId as mantineUseId } from '@mantine/hooks';
import { describe, expect, it } from 'vitest';
import { MANTINE_USE_ID_PATH, mantineStableIds, STABLE_USE_ID_MODULE } from '../../vite.config';
import { mountPointPerTest } from '../support/mountPoint';

/** The module the client's build replaces, as installed. */
const INSTALLED = join('node_modules', '@mantine', 'hooks', 'esm', 'use-id', 'use-id.mjs');

/** How the bundler reports an error from a plugin: it throws. */
const bundler = {
  error(message: string): never {
    throw new Error(message);
  },
};

/** The plugin's transform, called as the bundler calls it. */
function transform(code: string, id: string): { code: string } | null {
  const hook = mantineStableIds().transform as (
    this: typeof bundler,
    code: string,
    id: string,
  ) => { code: string } | null;
  return hook.call(bundler, code, id);
}

/** The replacement module, loaded as the build loads it: beside the installed packages, so `react` is theirs. */
async function loadReplacement(): Promise<typeof mantineUseId> {
  const dir = join('node_modules', '.cache', 'mantine-stable-ids');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'use-id.mjs');
  writeFileSync(file, STABLE_USE_ID_MODULE);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { useId: typeof mantineUseId })
    .useId;
}

const mount = mountPointPerTest();

type Seen = Record<'a' | 'b' | 'own', string[]>;

/** A component asking for an id (its own `own`, if any), noting the id of each of its renders. */
function Probe({
  name,
  own,
  useId,
  seen,
}: {
  name: keyof Seen;
  own?: string;
  useId: typeof mantineUseId;
  seen: Seen;
}) {
  const id = useId(own);
  seen[name].push(id);
  return <span id={id} />;
}

/** Draws two components asking for an id and one with an id of its own; answers each render's ids. */
function drawProbes(useId: typeof mantineUseId): Seen {
  const seen: Seen = { a: [], b: [], own: [] };
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

  it('the replacement renders once, with an id of the first render’s form: unique per component, kept when drawn again, the caller’s own kept', async () => {
    const useId = await loadReplacement();
    const original = drawProbes(mantineUseId);
    mount.unmount();
    const seen = drawProbes(useId);
    expect(seen.a).toHaveLength(1);
    expect(seen.b).toHaveLength(1);
    expect(seen.own).toEqual(['filter-site']);
    // Mantine's own first render: 'mantine-' and React's id without colons.
    const form = /^mantine-[^:\s]+$/;
    expect(original.a[0]).toMatch(form);
    expect(seen.a[0]).toMatch(form);
    expect(seen.a[0]).not.toBe(seen.b[0]);
    expect(mount.element.querySelectorAll('span')[0].id).toBe(seen.a[0]);
    // Drawn again by its parent, a component keeps its id (React's useId is its place in the tree).
    const again = drawProbes(useId);
    expect(again.a).toEqual(seen.a);
    expect(again.b).toEqual(seen.b);
  });
});
