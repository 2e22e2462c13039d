// @vitest-environment jsdom
import { join, resolve } from 'node:path';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { definitionFiles, loadDefinitions, loadEndpointIndex } from '../../engine/definitions/index';
import type { HostServices, NormalizedPage } from '../../engine/index';
import type { PageRuntime } from '../../engine/render/pageRuntime';
import { usePageRuntimeState } from '../../engine/render/usePageRuntimeState';
import { mountPointPerTest } from '../support/mountPoint';

// A page's shareable params and its URL: Back and Forward set the params from the URL, even when the
// page's own write never showed before the move (a URL change can render late, and a move may
// supersede it before it does).

const root = resolve(import.meta.dirname, '..', '..');
const { loaded } = loadDefinitions(definitionFiles(join(root, 'dashboards')), {
  endpoints: loadEndpointIndex(join(root, 'schemas', 'api', 'endpoints.json')),
  cwd: root,
});
const log = loaded.find((l) => l.definition?.id === 'communications-log')?.definition as NormalizedPage;
const mount = mountPointPerTest();

let runtime: PageRuntime | undefined;
function Probe({ host }: { host: HostServices }) {
  runtime = usePageRuntimeState(log, host);
  return null;
}

type Write = { changes: Readonly<Record<string, string | undefined>>; how: 'push' | 'replace' };

function hostAt(urlQuery: Record<string, string>, historyMoves: number, writes: Write[]): HostServices {
  return {
    fetchJson: async () => ({}),
    appliedFilter: {},
    applyCount: 1,
    storage: new Map<string, string>() as unknown as Storage,
    urlQuery,
    historyMoves,
    setUrlQuery: (changes, how) => writes.push({ changes, how }),
    allowsFilterValue: () => true,
  };
}

const withSite = { period: 'last-30-days', site: '8', 'site-name': 'Juniper Grove', missed: 'true' };

describe('a page with params in its URL', () => {
  it('takes the site back from the URL on Back, though its write without the site never showed', () => {
    const writes: Write[] = [];
    mount.render(<Probe host={hostAt(withSite, 0, writes)} />);
    expect(runtime?.params.logSiteId).toBe(8);

    // The chip's x: the params lose the site and the page pushes a URL without it...
    act(() =>
      runtime?.setParams(
        new Map([
          ['logSiteId', undefined],
          ['logSiteName', undefined],
        ]),
      ),
    );
    expect(runtime?.params.logSiteId).toBeNull();
    expect(writes.at(-1)).toEqual({ changes: expect.objectContaining({ site: undefined }), how: 'push' });

    // ...and before that URL renders, Back returns the browser to the URL with the site.
    mount.render(<Probe host={hostAt(withSite, 1, writes)} />);
    expect(runtime?.params.logSiteId).toBe(8);
    expect(runtime?.params.logSiteName).toBe('Juniper Grove');
  });

  it('keeps a change the user made while its URL has not come back yet', () => {
    const writes: Write[] = [];
    mount.render(<Probe host={hostAt(withSite, 0, writes)} />);
    act(() => runtime?.setParams(new Map([['logSiteId', undefined]])));
    // Another render with the old URL and no move through history (data arriving, say).
    mount.render(<Probe host={hostAt({ ...withSite }, 0, writes)} />);
    expect(runtime?.params.logSiteId).toBeNull();
  });
});
