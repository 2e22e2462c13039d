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
import { communicationsLog, readLogFilters } from '../queries/communicationsLog';
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
  /** Reads the endpoint's own filters from the body (DataQuery.extra); none by default. */
  filters?: (body: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;
  run(db: Queryable, q: DataQuery): Promise<unknown>;
}

const withUpdate = async (db: Queryable, q: DataQuery) => ({
  ...q,
  lastDataUpdate: await lastDataUpdate(db, q.dataVersion ?? null),
});

/** What names a POST /api/data/... endpoint: its path, the OpenAPI summary, its schema file and $defs. */
interface EndpointNames {
  path: string;
  summary: string;
  file: string;
  request: string;
  response: string;
}

/** A table endpoint: its names, its table definition, and how its body is read. */
interface TableEndpoint extends EndpointNames {
  table: TableDef;
  /** Whether the body carries a period (default true; action-required tables do not). */
  dates?: boolean;
  /** Whether the body's siteId narrows the rows (employee tables; default false). */
  employee?: boolean;
  /** Whether the query needs the last data update (action-required ages). */
  action?: boolean;
  /** The endpoint's own filters (DataEndpoint.filters). */
  filters?: DataEndpoint['filters'];
}

/** A chart endpoint: its names and how it answers. */
interface ChartEndpoint extends EndpointNames {
  run: DataEndpoint['run'];
  /** Whether the body carries a period (default true). */
  dates?: boolean;
}

/** Endpoint maker for one way of answering from a table definition (a page of rows, or the totals). */
function tableEndpoint(answer: typeof runTable | typeof runTotals) {
  return ({
    table,
    dates = true,
    employee = false,
    action = false,
    filters,
    ...names
  }: TableEndpoint): DataEndpoint => ({
    ...names,
    table,
    ...(filters ? { filters } : {}),
    dates,
    siteFilter: employee,
    run: async (db, q) => answer(db, table, action ? await withUpdate(db, q) : q),
  });
}

const page = tableEndpoint(runTable);
const totals = tableEndpoint(runTotals);

function chart({ run, dates = true, ...names }: ChartEndpoint): DataEndpoint {
  return { ...names, dates, siteFilter: false, run };
}

const D = '/api/data';
const AD = 'ad-source-effectiveness';
const CB = 'caller-behavior';
const CP = 'employee-call-performance';
const VOL = 'communication-volume';
const RT = 'communication-response-time';
const AR = 'action-required';
const LOG = 'communications-log';

/** Every table and chart endpoint of SPEC.md section 7 'Data', and the communications log (issue 17). */
export const DATA_ENDPOINTS: readonly DataEndpoint[] = [
  page({
    path: `${D}/ad_source_effectiveness/overall`,
    summary: 'Ad Source Effectiveness, overall table',
    file: AD,
    request: 'overallRequest',
    response: 'overall',
    table: adSourceOverall,
  }),
  page({
    path: `${D}/ad_source_effectiveness/by_site`,
    summary: 'Ad Source Effectiveness, by-site table',
    file: AD,
    request: 'bySiteRequest',
    response: 'bySite',
    table: adSourceBySite,
  }),
  totals({
    path: `${D}/ad_source_effectiveness/overall/totals`,
    summary: 'Ad Source Effectiveness totals',
    file: AD,
    request: 'totalsRequest',
    response: 'totals',
    table: adSourceOverall,
  }),
  page({
    path: `${D}/caller_behavior/missed_calls/by_site`,
    summary: 'Missed Calls By Site table',
    file: CB,
    request: 'bySiteRequest',
    response: 'bySite',
    table: missedCallsBySite,
  }),
  totals({
    path: `${D}/caller_behavior/missed_calls/by_site/totals`,
    summary: 'Missed Calls By Site totals',
    file: CB,
    request: 'totalsRequest',
    response: 'totals',
    table: missedCallsBySite,
  }),
  page({
    path: `${D}/employee_call_performance/by_site`,
    summary: 'Call Performance by Site',
    file: CP,
    request: 'bySiteRequest',
    response: 'bySite',
    table: callPerformanceBySite,
  }),
  totals({
    path: `${D}/employee_call_performance/by_site/totals`,
    summary: 'Call Performance by Site totals',
    file: CP,
    request: 'bySiteRequest',
    response: 'totals',
    table: callPerformanceBySite,
  }),
  page({
    path: `${D}/employee_call_performance/by_employee`,
    summary: 'Call Performance by Employee',
    file: CP,
    request: 'byEmployeeRequest',
    response: 'byEmployee',
    table: callPerformanceByEmployee,
    employee: true,
  }),
  totals({
    path: `${D}/employee_call_performance/by_employee/totals`,
    summary: 'Call Performance by Employee totals',
    file: CP,
    request: 'byEmployeeRequest',
    response: 'totals',
    table: callPerformanceByEmployee,
    employee: true,
  }),
  chart({
    path: `${D}/communication/volume/by_type`,
    summary: 'Communication Volume by Type chart',
    file: VOL,
    request: 'byTypeRequest',
    response: 'byTypeResponse',
    run: volumeByType,
  }),
  page({
    path: `${D}/communication/volume/by_site`,
    summary: 'Communication Volume by Site',
    file: VOL,
    request: 'volumeBySiteRequest',
    response: 'volumeBySite',
    table: volumeBySite,
  }),
  totals({
    path: `${D}/communication/volume/by_site/totals`,
    summary: 'Communication Volume by Site totals',
    file: VOL,
    request: 'volumeBySiteRequest',
    response: 'volumeTotals',
    table: volumeBySite,
  }),
  page({
    path: `${D}/communication/volume/by_employee`,
    summary: 'Communication Volume by Employee',
    file: VOL,
    request: 'volumeByEmployeeRequest',
    response: 'volumeByEmployee',
    table: volumeByEmployee,
    employee: true,
  }),
  page({
    path: `${D}/communication/no_response_volume/by_site`,
    summary: 'No Response Volume by Site',
    file: VOL,
    request: 'noResponseBySiteRequest',
    response: 'noResponseBySite',
    table: noResponseBySite,
  }),
  totals({
    path: `${D}/communication/no_response_volume/by_site/totals`,
    summary: 'No Response Volume by Site totals',
    file: VOL,
    request: 'noResponseBySiteRequest',
    response: 'noResponseTotals',
    table: noResponseBySite,
  }),
  page({
    path: `${D}/communication/no_response_volume/by_employee`,
    summary: 'No Response Volume by Employee',
    file: VOL,
    request: 'noResponseByEmployeeRequest',
    response: 'noResponseByEmployee',
    table: noResponseByEmployee,
    employee: true,
  }),
  totals({
    path: `${D}/communication/no_response_volume/by_employee/totals`,
    summary: 'No Response Volume by Employee totals',
    file: VOL,
    request: 'noResponseByEmployeeRequest',
    response: 'noResponseTotals',
    table: noResponseByEmployee,
    employee: true,
  }),
  chart({
    path: `${D}/communication/average_response_time_trend`,
    summary: 'Average Communication Response Time Trend',
    file: RT,
    request: 'trendRequest',
    response: 'trendResponse',
    run: averageResponseTimeTrend,
  }),
  chart({
    path: `${D}/communication/response_time/by_type`,
    summary: 'Communication Response Time by Type',
    file: RT,
    request: 'byTypeRequest',
    response: 'byTypeResponse',
    run: responseTimeByType,
  }),
  chart({
    path: `${D}/communication/average_response_time_box`,
    summary: 'Average response time per type',
    file: RT,
    request: 'boxRequest',
    response: 'boxResponse',
    run: averageResponseTimeBox,
  }),
  page({
    path: `${D}/communication/response_time/by_site`,
    summary: 'Communication Response Time by Site',
    file: RT,
    request: 'bySiteRequest',
    response: 'bySite',
    table: responseTimeBySite,
  }),
  totals({
    path: `${D}/communication/response_time/by_site/totals`,
    summary: 'Communication Response Time by Site totals',
    file: RT,
    request: 'bySiteRequest',
    response: 'totals',
    table: responseTimeBySite,
  }),
  page({
    path: `${D}/communication/response_time/by_employee`,
    summary: 'Communication Response Time by Employee',
    file: RT,
    request: 'byEmployeeRequest',
    response: 'byEmployee',
    table: responseTimeByEmployee,
    employee: true,
  }),
  totals({
    path: `${D}/communication/response_time/by_employee/totals`,
    summary: 'Communication Response Time by Employee totals',
    file: RT,
    request: 'byEmployeeRequest',
    response: 'totals',
    table: responseTimeByEmployee,
    employee: true,
  }),
  chart({
    path: `${D}/action_required`,
    summary: 'Action Required By Relationship chart',
    file: AR,
    request: 'chartRequest',
    response: 'chartResponse',
    run: async (db, q) => actionRequiredChart(db, await withUpdate(db, q)),
    dates: false,
  }),
  page({
    path: `${D}/action_required/by_site`,
    summary: 'Action Required by Site',
    file: AR,
    request: 'bySiteRequest',
    response: 'bySite',
    table: actionRequiredBySite,
    dates: false,
    action: true,
  }),
  totals({
    path: `${D}/action_required/by_site/totals`,
    summary: 'Action Required by Site totals',
    file: AR,
    request: 'bySiteRequest',
    response: 'totals',
    table: actionRequiredBySite,
    dates: false,
    action: true,
  }),
  page({
    path: `${D}/action_required/by_employee`,
    summary: 'Action Required by Employee',
    file: AR,
    request: 'byEmployeeRequest',
    response: 'byEmployee',
    table: actionRequiredByEmployee,
    dates: false,
    employee: true,
    action: true,
  }),
  totals({
    path: `${D}/action_required/by_employee/totals`,
    summary: 'Action Required by Employee totals',
    file: AR,
    request: 'byEmployeeRequest',
    response: 'totals',
    table: actionRequiredByEmployee,
    dates: false,
    employee: true,
    action: true,
  }),
  page({
    path: `${D}/communications/log`,
    summary: 'Communications log: individual communications, paged, sorted and filtered',
    file: LOG,
    request: 'request',
    response: 'response',
    table: communicationsLog,
    employee: true,
    // The action-required filter ages items to the last data update.
    action: true,
    filters: (body) => readLogFilters(body),
  }),
];
