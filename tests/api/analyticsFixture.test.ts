import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { DEMO_USERS } from '../../src/server/seed/demoUsers';
import { post, signIn, type Tokens } from '../fixtures/analytics/client';
import { FIXTURE_PERIOD, loadHandmade } from '../fixtures/analytics/handmade';
import { DRIVERS, startTestServer, type TestServer } from './harness';

// Every figure below is worked out by hand from tests/fixtures/analytics/handmade.ts.
// Percents and averages that the client rounds for display are sent exact, so they are written as fractions.
const P = FIXTURE_PERIOD;

describe.each(DRIVERS)('analytics on the hand-made data set (%s)', (driver) => {
  let server: TestServer;
  let admin: Tokens;
  let manager: Tokens;
  const call = (path: string, body: object, who: Tokens = admin) =>
    post(server, who, `/api/data${path}`, body);
  const ok = async (path: string, body: object, who: Tokens = admin) => {
    const r = await call(path, body, who);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  /** The answer's rows, each cut down to `fields` in that order. */
  const pick = (answer: { values: Record<string, unknown>[] }, ...fields: string[]) =>
    answer.values.map((v) => fields.map((f) => v[f]));
  const tile = async (code: number, who: Tokens = admin) =>
    (await ok('', { ...P, requestedData: code }, who)).values;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    await loadHandmade(server.ctx.store);
    // The demo sign-ins, without the demo data.
    for (const u of DEMO_USERS) await createUser(server.ctx.store, u);
    admin = await signIn(server, 'admin');
    manager = await signIn(server, 'manager');
  });
  afterAll(async () => server?.stop());

  it('caller behavior tiles: current vs previous, missed and prospect percents, talk time', async () => {
    expect(await tile(100)).toEqual([[7, 3]]);
    expect(await tile(101)).toEqual([
      [(3 * 100) / 7, (1 * 100) / 3],
      [3, 7],
    ]);
    expect(await tile(102)).toEqual([[4, 2]]);
    expect(await tile(103)).toEqual([[7.5, 4]]);
    expect(await tile(107)).toEqual([[(4 * 100) / 7, (2 * 100) / 3]]);
    expect(await tile(108)).toEqual([[3, 1]]);
    expect(await tile(101, manager)).toEqual([
      [(1 * 100) / 3, (1 * 100) / 3],
      [2, 6],
    ]);
  });

  it('an explicit comparison period replaces the default one', async () => {
    const r = await ok('', {
      ...P,
      previousStartDate: '2026-03-02',
      previousEndDate: '2026-03-02',
      requestedData: 100,
    });
    expect(r.values).toEqual([[7, 3]]);
  });

  it('LeadScore pies', async () => {
    const left = await ok('', { ...P, requestedData: 104 });
    expect(left).toEqual({
      headers: ['callerType', 'count'],
      values: [
        ['Prospect', 4],
        ['Non-Prospect', 2],
        ['Undetermined', 1],
      ],
      groupBy: null,
    });
    const right = await ok('', { ...P, requestedData: 105 });
    expect(right.groupBy).toBe('callerType');
    expect(right.values).toEqual([
      ['Non-Prospect', 'Answered', 2],
      ['Prospect', 'Answered', 2],
      ['Prospect', 'Left Message/Voicemail', 2],
      ['Undetermined', 'Hangup', 1],
    ]);
  });

  it('missed calls by site, sorted by percent missed by default, and totals', async () => {
    const r = await ok('/caller_behavior/missed_calls/by_site', P);
    expect(r.totalRows).toBe(3);
    expect(r.values).toEqual([
      {
        siteId: 20,
        siteIsActive: true,
        site: 'Gamma',
        totalCallCount: 1,
        missedCallCount: 1,
        missedCallPercent: 100,
        maxIndex: 2,
      },
      {
        siteId: 10,
        siteIsActive: true,
        site: 'Alpha',
        totalCallCount: 5,
        missedCallCount: 2,
        missedCallPercent: 40,
        maxIndex: 2,
      },
      {
        siteId: 11,
        siteIsActive: false,
        site: 'Beta',
        totalCallCount: 1,
        missedCallCount: 0,
        missedCallPercent: 0,
        maxIndex: 2,
      },
    ]);
    expect(await ok('/caller_behavior/missed_calls/by_site/totals', P)).toEqual({
      totalCallCount: 7,
      missedCallCount: 3,
      missedCallPercent: (3 * 100) / 7,
    });
  });

  it('ad source tables, pies and tiles', async () => {
    const r = await ok('/ad_source_effectiveness/overall', P);
    expect(
      pick(r, 'adSourceName', 'adSourceIsActive', 'callCount', 'prospects', 'prospectPercent', 'lease'),
    ).toEqual([
      ['Zillow', true, 3, 3, 100, 2],
      ['Website', true, 2, 1, 50, 0],
      ['OldSource', false, 0, 0, null, 1],
    ]);
    expect(await ok('/ad_source_effectiveness/overall/totals', P)).toEqual({
      callCount: 5,
      prospects: 4,
      prospectPercent: 80,
      lease: 3,
    });
    const bySite = await ok('/ad_source_effectiveness/by_site', P);
    expect(
      pick(bySite, 'siteName', 'adSourceName', 'callCount', 'prospects', 'prospectPercent', 'lease'),
    ).toEqual([
      ['Alpha', 'OldSource', 0, 0, null, 1],
      ['Alpha', 'Website', 1, 0, 0, 0],
      ['Alpha', 'Zillow', 2, 2, 100, 1],
      ['Beta', 'Website', 1, 1, 100, 0],
      ['Gamma', 'Zillow', 1, 1, 100, 1],
    ]);
    expect((await ok('', { ...P, requestedData: 200 })).values).toEqual([
      ['Zillow', 2],
      ['OldSource', 1],
    ]);
    expect((await ok('', { ...P, requestedData: 201 })).values).toEqual([
      ['Zillow', 3],
      ['Website', 1],
    ]);
    expect((await ok('', { ...P, requestedData: 202 })).values).toEqual([
      ['Zillow', 3],
      ['Website', 2],
    ]);
    expect(await tile(203)).toEqual([[3, 1]]);
    expect(await tile(204)).toEqual([[4, 2]]);
    expect(await tile(205)).toEqual([[5, 2]]);
    expect(await tile(206)).toEqual([[80, 100]]);
  });

  it('ILS pies count internet listing sources only', async () => {
    expect((await ok('', { ...P, requestedData: 400 })).values).toEqual([['Zillow', 3]]);
    expect((await ok('', { ...P, requestedData: 401 })).values).toEqual([['Zillow', 2]]);
    expect((await ok('', { ...P, requestedData: 402 })).values).toEqual([['Zillow', 3]]);
    expect((await ok('', { ...P, requestedData: 403 })).values).toEqual([
      ['Zillow', 2],
      ['OldSource', 1],
    ]);
  });

  it('employee call performance tiles, tables and totals', async () => {
    expect(await tile(300)).toEqual([
      [2, 0],
      [4, 1],
    ]);
    expect(await tile(301)).toEqual([[4, 1]]);
    expect(await tile(302)).toEqual([
      [50, 12.5],
      [2, 4],
    ]);
    expect(await tile(303)).toEqual([[77, 80]]);
    expect(await tile(304)).toEqual([
      [50, 0],
      [12.5, null],
    ]);
    expect(await tile(305)).toEqual([[5, 1]]);
    expect(await tile(306)).toEqual([[50, 0]]);
    expect(await tile(307)).toEqual([[77, 75]]);
    expect(await tile(308)).toEqual([[80, 100]]);
    expect((await ok('', { ...P, requestedData: 309 })).values).toEqual([
      ['Alpha', 1],
      ['Beta', 1],
    ]);
    /** The TPA figures of both tables, in their columns' order. */
    const TPA_FIELDS = [
      'scoredCalls',
      'qualifiedCalls',
      'appointments',
      'appointmentsConversion',
      'averageTpaScore',
    ];
    const bySite = await ok('/employee_call_performance/by_site', P);
    expect(pick(bySite, 'siteName', ...TPA_FIELDS)).toEqual([
      ['Beta', 1, 1, 1, 100, 85],
      ['Alpha', 3, 2, 1, 50, 80],
      ['Gamma', 1, 1, 0, 0, 60],
    ]);
    const byEmp = await ok('/employee_call_performance/by_employee', P);
    expect(pick(byEmp, 'fullName', 'userIsActive', 'siteName', ...TPA_FIELDS)).toEqual([
      ['Ann Able', true, 'Alpha', 2, 2, 1, 50, 85],
      ['Cid Cole', true, 'Beta', 1, 1, 1, 100, 85],
      ['Bob Baker', false, 'Alpha', 1, 0, 0, null, 70],
      ['Dee Dunn', true, 'Gamma', 1, 1, 0, 0, 60],
    ]);
    const totals = {
      scoredCalls: 5,
      qualifiedCalls: 4,
      appointments: 2,
      appointmentsConversion: 50,
      averageTpaScore: 77,
    };
    expect(await ok('/employee_call_performance/by_site/totals', P)).toEqual(totals);
    expect(await ok('/employee_call_performance/by_employee/totals', P)).toEqual(totals);
    const oneSite = await ok('/employee_call_performance/by_employee', { ...P, siteId: 10 });
    expect(oneSite.values.map((v: Record<string, unknown>) => v.fullName)).toEqual(['Ann Able', 'Bob Baker']);
  });

  it('volume chart, tables and totals', async () => {
    const chart = await ok('/communication/volume/by_type', P);
    expect(
      chart.series.map((s: { group: string; values: { category: string; value: number }[] }) => [
        s.group,
        s.values.map((v) => [v.category, v.value]),
      ]),
    ).toEqual([
      [
        'Inbound',
        [
          ['Calls', 7],
          ['Emails', 2],
          ['Texts', 2],
          ['Walk-Ins', 1],
        ],
      ],
      [
        'Outbound',
        [
          ['Calls', 1],
          ['Emails', 0],
          ['Texts', 1],
          ['Walk-Ins', 0],
        ],
      ],
    ]);
    const bySite = await ok('/communication/volume/by_site', P);
    // A zero share reads '0%' as on every page (SPEC.md section 5), not '0.0%'.
    expect(pick(bySite, 'site', 'siteIsActive', 'totalCommCount', 'inbound', 'outbound')).toEqual([
      ['Alpha', true, 9, '8 (88.9%)', '1 (11.1%)'],
      ['Beta', false, 3, '2 (66.7%)', '1 (33.3%)'],
      ['Gamma', true, 2, '2 (100.0%)', '0 (0%)'],
    ]);
    expect(await ok('/communication/volume/by_site/totals', P)).toEqual({
      totalCommCount: 14,
      inbound: '12 (85.7%)',
      outbound: '2 (14.3%)',
    });
    const byEmp = await ok('/communication/volume/by_employee', P);
    expect(pick(byEmp, 'employee', 'employeeIsActive', 'site', 'siteOutboundCommCount', 'outbound')).toEqual([
      ['Ann Able', true, 'Alpha', 1, '1 (100.0%)'],
      ['Bob Baker', false, 'Alpha', 1, '0 (0%)'],
      ['Cid Cole', true, 'Beta', 1, '1 (100.0%)'],
      ['Dee Dunn', true, 'Gamma', 0, '0 (0%)'],
    ]);
    const calls = await ok('/communication/volume/by_site', { ...P, commTypes: ['PHONE'] });
    expect(calls.values.map((v: Record<string, unknown>) => v.totalCommCount)).toEqual([5, 2, 1]);
  });

  it('no-response volume tables and totals', async () => {
    const bySite = await ok('/communication/no_response_volume/by_site', P);
    expect(pick(bySite, 'site', 'inbound', 'noResponseRequired')).toEqual([
      ['Alpha', 8, 5],
      ['Beta', 2, 1],
      ['Gamma', 2, 0],
    ]);
    const totals = { totalCommCount: 14, inbound: 12, outbound: 2, noResponseRequired: 6 };
    expect(await ok('/communication/no_response_volume/by_site/totals', P)).toEqual(totals);
    const byEmp = await ok('/communication/no_response_volume/by_employee', P);
    expect(pick(byEmp, 'employee', 'site', 'siteInboundCount', 'noResponseRequired')).toEqual([
      ['Ann Able', 'Alpha', 8, 3],
      ['Bob Baker', 'Alpha', 8, 2],
      ['Cid Cole', 'Beta', 2, 1],
      ['Dee Dunn', 'Gamma', 2, 0],
    ]);
    expect(await ok('/communication/no_response_volume/by_employee/totals', P)).toEqual(totals);
  });

  it('response-time buckets, averages, trend and filters', async () => {
    const bySite = await ok('/communication/response_time/by_site', P);
    const cells = (v: Record<string, unknown>) => [
      v.siteName,
      v.timeInverval1,
      v.timeInverval2,
      v.timeInverval3,
      v.timeInverval4,
      v.timeInverval5,
      v.timeInverval6,
      v.notRespondedTo,
    ];
    expect(bySite.values.map(cells)).toEqual([
      ['Alpha', '33.3% (1)', '33.3% (1)', '0% (0)', '0% (0)', '0% (0)', '0% (0)', '33.3% (1)'],
      ['Beta', '0% (0)', '0% (0)', '0% (0)', '0% (0)', '100.0% (1)', '0% (0)', '0% (0)'],
      ['Gamma', '0% (0)', '0% (0)', '0% (0)', '50.0% (1)', '0% (0)', '50.0% (1)', '0% (0)'],
    ]);
    const totals = await ok('/communication/response_time/by_site/totals', P);
    expect(totals).toEqual({
      timeInverval1: '16.7% (1)',
      timeInverval2: '16.7% (1)',
      // Zero totals show an em dash.
      timeInverval3: '\u2014',
      timeInverval4: '16.7% (1)',
      timeInverval5: '16.7% (1)',
      timeInverval6: '16.7% (1)',
      notRespondedTo: '16.7% (1)',
    });
    expect(await ok('/communication/response_time/by_employee/totals', P)).toEqual(totals);
    const byEmp = await ok('/communication/response_time/by_employee', P);
    expect(pick(byEmp, 'employee', 'timeInverval1', 'notRespondedTo')).toEqual([
      ['Ann Able', '50.0% (1)', '0% (0)'],
      ['Bob Baker', '0% (0)', '100.0% (1)'],
      ['Cid Cole', '0% (0)', '0% (0)'],
      ['Dee Dunn', '0% (0)', '0% (0)'],
    ]);
    expect(await ok('/communication/average_response_time_box', P)).toEqual([
      { messageType: 'Missed Call', commTypeAverage: 45060 },
      { messageType: 'Text', commTypeAverage: 2500 },
      { messageType: 'Email', commTypeAverage: 50000 },
      { messageType: 'Overall', commTypeAverage: 29024 },
    ]);
    // A period with nothing answered has no series at all (the chart says 'No Data').
    expect(
      await ok('/communication/average_response_time_trend', {
        startDate: '2025-01-01',
        endDate: '2025-01-31',
        timeTrendGroup: 'week',
      }),
    ).toEqual({ series: [] });
    const trend = await ok('/communication/average_response_time_trend', { ...P, timeTrendGroup: 'week' });
    const overall = trend.series.find((s: { group: string }) => s.group === 'Overall');
    expect(trend.series.map((s: { group: string }) => s.group)).toEqual([
      'Missed Call',
      'Text',
      'Email',
      'Overall',
    ]);
    expect(overall.values).toEqual([
      {
        category: '2026-03-02',
        label: 'Overall',
        value: 29024,
        dateTimeRange: { start: '2026-03-02', end: '2026-03-07' },
        numberOfCommunications: 5,
      },
    ]);
    const byType = await ok('/communication/response_time/by_type', { ...P, commTypes: ['PHONE'] });
    expect(byType.series).toHaveLength(1);
    expect(byType.series[0].values.map((v: { value: number }) => v.value)).toEqual([1, 0, 0, 0, 0, 1, 1]);
    expect(byType.summary[0]).toMatchObject({ bucket: 'timeInverval1', label: '0 - 5min', count: 1 });
    // The share as it is (1 of 3), not rounded: the page rounds it once (a share rounded here to 2
    // decimals and there to 1 reads 13.8% for 13.749%).
    expect(byType.summary[0].percent).toBeCloseTo(100 / 3, 10);
    const initial = await ok('/communication/response_time/by_site/totals', {
      ...P,
      initialCommunication: 1,
    });
    expect(initial.timeInverval2).toBe('100.0% (1)');
    const leads = await ok('/communication/response_time/by_site', { ...P, relationshipIds: [1] });
    expect(pick(leads, 'siteName', 'notRespondedTo', 'timeInverval4')).toEqual([
      ['Alpha', '100.0% (1)', '0% (0)'],
      ['Beta', '0% (0)', '0% (0)'],
      ['Gamma', '0% (0)', '100.0% (1)'],
    ]);
  });

  it('action required: ages to the last data update, open items only', async () => {
    const chart = await ok('/action_required', {});
    expect(chart.lastDataUpdate).toBe('2026-03-10T12:00:00.000Z');
    expect(chart.summary).toEqual({ new: 3, olderThan24Hours: 2, olderThan48Hours: 2, total: 7 });
    expect(
      chart.series.map((s: { group: string; values: { category: string; value: number }[] }) => [
        s.group,
        s.values.map((v) => `${v.category}:${v.value}`),
      ]),
    ).toEqual([
      [
        'New',
        ['Leads:1', 'Prospects:1', 'Applicants:0', 'Residents:0', 'Vendors:0', 'Other:0', 'Inactive:1'],
      ],
      [
        'Older Than 24hrs',
        ['Leads:1', 'Prospects:1', 'Applicants:0', 'Residents:0', 'Vendors:0', 'Other:0', 'Inactive:0'],
      ],
      [
        'Older Than 48hrs',
        ['Leads:0', 'Prospects:1', 'Applicants:0', 'Residents:1', 'Vendors:0', 'Other:0', 'Inactive:0'],
      ],
    ]);
    const bySite = await ok('/action_required/by_site', {});
    const counts = (v: Record<string, unknown>) => [
      v.siteName,
      v.totalCount,
      v.newCount,
      v.olderThan24HoursCount,
      v.olderThan48HoursCount,
    ];
    expect(bySite.values.map(counts)).toEqual([
      ['Alpha', 5, 2, 1, 2],
      ['Beta', 1, 1, 0, 0],
      ['Gamma', 1, 0, 1, 0],
    ]);
    expect(await ok('/action_required/by_site/totals', {})).toEqual({
      totalCount: 7,
      newCount: 3,
      olderThan24HoursCount: 2,
      olderThan48HoursCount: 2,
    });
    const byEmp = await ok('/action_required/by_employee', {});
    expect(
      pick(
        byEmp,
        'fullName',
        'userIsActive',
        'siteName',
        'totalCount',
        'newCount',
        'olderThan24HoursCount',
        'olderThan48HoursCount',
      ),
    ).toEqual([
      ['Ann Able', true, 'Alpha', 2, 1, 1, 0],
      ['Bob Baker', false, 'Alpha', 2, 0, 0, 2],
      ['Cid Cole', true, 'Beta', 1, 1, 0, 0],
      ['Dee Dunn', true, 'Gamma', 1, 0, 1, 0],
    ]);
    expect(await ok('/action_required/by_employee/totals', {})).toEqual({
      totalCount: 6,
      newCount: 2,
      olderThan24HoursCount: 2,
      olderThan48HoursCount: 2,
    });
    const prospects = await ok('/action_required/by_site', { relationshipIds: [2] });
    expect(prospects.values.map(counts)).toEqual([
      ['Alpha', 2, 0, 1, 1],
      ['Beta', 1, 1, 0, 0],
      ['Gamma', 0, 0, 0, 0],
    ]);
  });

  it('the manager sees account 1 only, whatever the body asks', async () => {
    const r = await ok(
      '/caller_behavior/missed_calls/by_site',
      { ...P, siteIds: [10, 20], accountIds: [2] },
      manager,
    );
    expect(r.values).toEqual([]);
    const mine = await ok('/action_required/by_site/totals', { siteIds: [20, 10] }, manager);
    expect(mine).toEqual({ totalCount: 5, newCount: 2, olderThan24HoursCount: 1, olderThan48HoursCount: 2 });
  });
});
