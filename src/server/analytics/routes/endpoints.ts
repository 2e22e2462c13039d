import type { Queryable } from '../../store';
import {
  actionRequiredByEmployee,
  actionRequiredBySite,
  actionRequiredChart,
  lastDataUpdate,
} from '../queries/actionRequired';
import { adSourceBySite, adSourceOverall } from '../queries/adSource';
import { missedCallsBySite } from '../queries/callerBehavior';
import { callPerformanceByEmployee, callPerformanceBySite } from '../queries/callPerformance';
import {
  averageResponseTimeBox,
  averageResponseTimeTrend,
  responseTimeByType,
} from '../queries/responseTimeCharts';
import { responseTimeByEmployee, responseTimeBySite } from '../queries/responseTimeTables';
import { runTable, runTotals, type TableDef } from '../queries/table';
import { noResponseByEmployee, noResponseBySite, volumeByEmployee, volumeBySite } from '../queries/volume';
import { volumeByType } from '../queries/volumeChart';
import type { DataQuery } from '../request';

/** A POST /api/data/... endpoint: its path, schemas, and how it answers a resolved query. */
export interface DataEndpoint {
  path: string;
  summary: string;
  /** Schema file and the $defs names of its body and answer. */
  file: string;
  request: string;
  response: string;
  /** Whether the body carries a period (action-required calls do not). */
  dates: boolean;
  /** Whether the body's siteId narrows the rows (employee tables). */
  siteFilter: boolean;
  /** The table definition, for sort allow-list checks. */
  table?: TableDef;
  run(db: Queryable, q: DataQuery): Promise<unknown>;
}

const withUpdate = async (db: Queryable, q: DataQuery) => ({
  ...q,
  lastDataUpdate: await lastDataUpdate(db),
});

type TableOptions = { dates?: boolean; employee?: boolean; action?: boolean };

/** Endpoint maker for one way of answering from a table definition (a page of rows, or the totals). */
function tableEndpoint(answer: typeof runTable | typeof runTotals) {
  return (
    path: string,
    summary: string,
    file: string,
    request: string,
    response: string,
    table: TableDef,
    o: TableOptions = {},
  ): DataEndpoint => ({
    path,
    summary,
    file,
    request,
    response,
    table,
    dates: o.dates ?? true,
    siteFilter: o.employee ?? false,
    run: async (db, q) => answer(db, table, o.action ? await withUpdate(db, q) : q),
  });
}

const page = tableEndpoint(runTable);
const totals = tableEndpoint(runTotals);

function chart(
  path: string,
  summary: string,
  file: string,
  request: string,
  response: string,
  run: DataEndpoint['run'],
  dates = true,
): DataEndpoint {
  return { path, summary, file, request, response, dates, siteFilter: false, run };
}

const D = '/api/data';
const AD = 'ad-source-effectiveness';
const CB = 'caller-behavior';
const CP = 'employee-call-performance';
const VOL = 'communication-volume';
const RT = 'communication-response-time';
const AR = 'action-required';

/** Every table and chart endpoint of SPEC.md section 7 'Data'. */
export const DATA_ENDPOINTS: readonly DataEndpoint[] = [
  page(
    `${D}/ad_source_effectiveness/overall`,
    'Ad Source Effectiveness, overall table',
    AD,
    'overallRequest',
    'overall',
    adSourceOverall,
  ),
  page(
    `${D}/ad_source_effectiveness/by_site`,
    'Ad Source Effectiveness, by-site table',
    AD,
    'bySiteRequest',
    'bySite',
    adSourceBySite,
  ),
  totals(
    `${D}/ad_source_effectiveness/overall/totals`,
    'Ad Source Effectiveness totals',
    AD,
    'totalsRequest',
    'totals',
    adSourceOverall,
  ),
  page(
    `${D}/caller_behavior/missed_calls/by_site`,
    'Missed Calls By Site table',
    CB,
    'bySiteRequest',
    'bySite',
    missedCallsBySite,
  ),
  totals(
    `${D}/caller_behavior/missed_calls/by_site/totals`,
    'Missed Calls By Site totals',
    CB,
    'totalsRequest',
    'totals',
    missedCallsBySite,
  ),
  page(
    `${D}/employee_call_performance/by_site`,
    'Call Performance by Site',
    CP,
    'bySiteRequest',
    'bySite',
    callPerformanceBySite,
  ),
  totals(
    `${D}/employee_call_performance/by_site/totals`,
    'Call Performance by Site totals',
    CP,
    'bySiteRequest',
    'totals',
    callPerformanceBySite,
  ),
  page(
    `${D}/employee_call_performance/by_employee`,
    'Call Performance by Employee',
    CP,
    'byEmployeeRequest',
    'byEmployee',
    callPerformanceByEmployee,
    { employee: true },
  ),
  totals(
    `${D}/employee_call_performance/by_employee/totals`,
    'Call Performance by Employee totals',
    CP,
    'byEmployeeRequest',
    'totals',
    callPerformanceByEmployee,
    { employee: true },
  ),
  chart(
    `${D}/communication/volume/by_type`,
    'Communication Volume by Type chart',
    VOL,
    'byTypeRequest',
    'byTypeResponse',
    volumeByType,
  ),
  page(
    `${D}/communication/volume/by_site`,
    'Communication Volume by Site',
    VOL,
    'volumeBySiteRequest',
    'volumeBySite',
    volumeBySite,
  ),
  totals(
    `${D}/communication/volume/by_site/totals`,
    'Communication Volume by Site totals',
    VOL,
    'volumeBySiteRequest',
    'volumeTotals',
    volumeBySite,
  ),
  page(
    `${D}/communication/volume/by_employee`,
    'Communication Volume by Employee',
    VOL,
    'volumeByEmployeeRequest',
    'volumeByEmployee',
    volumeByEmployee,
    { employee: true },
  ),
  page(
    `${D}/communication/no_response_volume/by_site`,
    'No Response Volume by Site',
    VOL,
    'noResponseBySiteRequest',
    'noResponseBySite',
    noResponseBySite,
  ),
  totals(
    `${D}/communication/no_response_volume/by_site/totals`,
    'No Response Volume by Site totals',
    VOL,
    'noResponseBySiteRequest',
    'noResponseTotals',
    noResponseBySite,
  ),
  page(
    `${D}/communication/no_response_volume/by_employee`,
    'No Response Volume by Employee',
    VOL,
    'noResponseByEmployeeRequest',
    'noResponseByEmployee',
    noResponseByEmployee,
    { employee: true },
  ),
  totals(
    `${D}/communication/no_response_volume/by_employee/totals`,
    'No Response Volume by Employee totals',
    VOL,
    'noResponseByEmployeeRequest',
    'noResponseTotals',
    noResponseByEmployee,
    { employee: true },
  ),
  chart(
    `${D}/communication/average_response_time_trend`,
    'Average Communication Response Time Trend',
    RT,
    'trendRequest',
    'trendResponse',
    averageResponseTimeTrend,
  ),
  chart(
    `${D}/communication/response_time/by_type`,
    'Communication Response Time by Type',
    RT,
    'byTypeRequest',
    'byTypeResponse',
    responseTimeByType,
  ),
  chart(
    `${D}/communication/average_response_time_box`,
    'Average response time per type',
    RT,
    'boxRequest',
    'boxResponse',
    averageResponseTimeBox,
  ),
  page(
    `${D}/communication/response_time/by_site`,
    'Communication Response Time by Site',
    RT,
    'bySiteRequest',
    'bySite',
    responseTimeBySite,
  ),
  totals(
    `${D}/communication/response_time/by_site/totals`,
    'Communication Response Time by Site totals',
    RT,
    'bySiteRequest',
    'totals',
    responseTimeBySite,
  ),
  page(
    `${D}/communication/response_time/by_employee`,
    'Communication Response Time by Employee',
    RT,
    'byEmployeeRequest',
    'byEmployee',
    responseTimeByEmployee,
    { employee: true },
  ),
  totals(
    `${D}/communication/response_time/by_employee/totals`,
    'Communication Response Time by Employee totals',
    RT,
    'byEmployeeRequest',
    'totals',
    responseTimeByEmployee,
    { employee: true },
  ),
  chart(
    `${D}/action_required`,
    'Action Required By Relationship chart',
    AR,
    'chartRequest',
    'chartResponse',
    async (db, q) => actionRequiredChart(db, await withUpdate(db, q)),
    false,
  ),
  page(
    `${D}/action_required/by_site`,
    'Action Required by Site',
    AR,
    'bySiteRequest',
    'bySite',
    actionRequiredBySite,
    { dates: false, action: true },
  ),
  totals(
    `${D}/action_required/by_site/totals`,
    'Action Required by Site totals',
    AR,
    'bySiteRequest',
    'totals',
    actionRequiredBySite,
    { dates: false, action: true },
  ),
  page(
    `${D}/action_required/by_employee`,
    'Action Required by Employee',
    AR,
    'byEmployeeRequest',
    'byEmployee',
    actionRequiredByEmployee,
    { dates: false, employee: true, action: true },
  ),
  totals(
    `${D}/action_required/by_employee/totals`,
    'Action Required by Employee totals',
    AR,
    'byEmployeeRequest',
    'totals',
    actionRequiredByEmployee,
    { dates: false, employee: true, action: true },
  ),
];
