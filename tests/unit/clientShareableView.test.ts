import { describe, expect, it } from 'vitest';
import { leftOutMessage } from '../../src/client/filter/leftOutNotice';
import { returnPathOf } from '../../src/client/routes/returnPath';
import { changeQuery, parseQuery } from '../../src/client/routes/urlQuery';
import { keepsViewInUrl } from '../../src/client/routes/viewInUrl';
import { customRange, presetRange } from '../../src/shared/datePresets';
import { filterQuery, filterQueryKey, readFilterQuery } from '../../src/shared/filterQuery';

const today = new Date('2026-11-20T20:00:00');
const all = { siteCount: 9, accountCount: 3 };

describe('the global filter in the URL', () => {
  it('writes the period always, and accounts and sites only when not all are selected', () => {
    const range = presetRange('Last 30 Days', today)!;
    expect(filterQuery({ range, siteIds: [1, 2, 3, 4, 5, 6, 7, 8, 9], accountIds: [1, 2, 3] }, all)).toEqual({
      period: 'last-30-days',
      from: undefined,
      to: undefined,
      accounts: undefined,
      sites: undefined,
    });
    expect(
      filterQuery(
        { range: customRange('2026-10-03', '2026-10-10'), siteIds: [12, 14], accountIds: [1] },
        all,
      ),
    ).toEqual({ period: 'custom', from: '2026-10-03', to: '2026-10-10', accounts: '1', sites: '12,14' });
  });

  it('reads back what it wrote; a preset moves with the calendar, a custom range does not', () => {
    const read = readFilterQuery(
      parseQuery('?period=custom&from=2026-10-03&to=2026-10-10&sites=12,14'),
      today,
    );
    expect(read).toEqual({
      range: customRange('2026-10-03', '2026-10-10'),
      siteIds: [12, 14],
      accountIds: undefined,
    });
    expect(readFilterQuery(parseQuery('?period=prior-month'), today)?.range).toEqual(
      presetRange('Prior Month', today),
    );
  });

  it('carries nothing without its names (session storage applies), and reads nonsense as the defaults', () => {
    expect(readFilterQuery(parseQuery('?view=employee'), today)).toBeUndefined();
    expect(readFilterQuery(parseQuery('?period=someday&sites=x,-3'), today)).toEqual({
      range: presetRange('Last 30 Days', today),
      siteIds: undefined,
      accountIds: undefined,
    });
    expect(
      readFilterQuery(parseQuery('?period=custom&from=2026-02-30&to=2026-03-01'), today)?.range.label,
    ).toBe('Last 30 Days');
  });

  it('compares the filter part of two URLs only', () => {
    expect(filterQueryKey(parseQuery('?period=last-30-days&view=employee'))).toBe(
      filterQueryKey(parseQuery('?view=site&period=last-30-days')),
    );
    expect(filterQueryKey(parseQuery('?period=last-30-days&sites=1'))).not.toBe(
      filterQueryKey(parseQuery('?period=last-30-days')),
    );
  });
});

describe('URL queries', () => {
  it('change some names, keep the others in order, and keep lists readable', () => {
    expect(changeQuery('?period=custom&view=employee', { sites: '12,14', view: undefined })).toBe(
      '?period=custom&sites=12,14',
    );
    expect(changeQuery('', { 'site-name': 'Oak & Elm' })).toBe('?site-name=Oak%20%26%20Elm');
    expect(parseQuery('?site-name=Oak%20%26%20Elm')).toEqual({ 'site-name': 'Oak & Elm' });
    expect(changeQuery('?a=1', { a: undefined })).toBe('');
  });

  it('belong to the dashboard pages, not to the editor, Email & alerts or the forms', () => {
    expect(keepsViewInUrl('/dashboard')).toBe(true);
    expect(keepsViewInUrl('/dashboard/volume')).toBe(true);
    expect(keepsViewInUrl('/dashboard/editor')).toBe(false);
    expect(keepsViewInUrl('/dashboard/email-alerts')).toBe(false);
    expect(keepsViewInUrl('/share-feedback')).toBe(false);
  });
});

describe('signing in from a link', () => {
  it('returns to the guarded address it came from, and only to a path of this app', () => {
    expect(returnPathOf({ returnTo: '/dashboard/volume?period=custom&view=employee' })).toBe(
      '/dashboard/volume?period=custom&view=employee',
    );
    expect(returnPathOf(null)).toBe('/dashboard');
    expect(returnPathOf({ returnTo: '//evil.example/x' })).toBe('/dashboard');
    expect(returnPathOf({ returnTo: 'https://evil.example/' })).toBe('/dashboard');
    expect(returnPathOf({ returnTo: '/' })).toBe('/dashboard');
  });

  it('says how much of the link was left out', () => {
    expect(leftOutMessage({ sites: 2, accounts: 0, other: 1 })).toBe(
      'This link names 2 sites outside your access; they were left out.',
    );
    expect(leftOutMessage({ sites: 1, accounts: 1, other: 0 })).toBe(
      'This link names 1 site and 1 account outside your access; they were left out.',
    );
    expect(leftOutMessage({ sites: 0, accounts: 1, other: 0 })).toBe(
      'This link names 1 account outside your access; it was left out.',
    );
    expect(leftOutMessage({ sites: 0, accounts: 0, other: 1 })).toBe(
      'Part of this link is outside your access and was left out.',
    );
  });
});
