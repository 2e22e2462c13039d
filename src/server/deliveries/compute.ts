import type { FastifyInstance } from 'fastify';
import type { Spec } from 'vega';
import {
  applyPipe,
  buildRequestBody,
  cellText,
  chartSignals,
  evaluateCondition,
  extractRows,
  formatDaysHoursMinutes,
  formatNumber,
  type NormalizedPage,
  paramsForFilter,
  totalText,
  widgetFigures,
} from '../../../engine/tools';
import { customRange, type DateRange, formatDisplayDate, formatPeriod } from '../../shared/datePresets';
import type { AlertRuleDefinition, AlertSource } from '../../shared/delivery/types';
import { filterQuery } from '../../shared/filterQuery';
import { hostFilter } from '../../shared/hostFilter';
import { zonedClock, zoneWords } from '../../shared/timeZones';
import type { Config } from '../config';
import type { Store } from '../store';
import { asRecipient, type RecipientCall } from './asRecipient';
import { CHART_WIDTH, chartPng } from './chartImage';
import type { DeliveryDefinitions } from './definitions';
import { type MessageModel, type MessageSection, type MessageTable, renderMessage } from './message';
import { periodAt, periodOn } from './period';
import type { Recipient } from './recipient';

/** What computing a message needs: the app (its routes answer as the recipient), its store and configuration. */
export interface DeliveryContext {
  app: FastifyInstance;
  store: Store;
  config: Config;
  definitions: DeliveryDefinitions;
}

/** A message ready to send by email (HTML, text, images by cid) or webhook (text, figures, link). */
export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; cid: string; contentType: 'image/png'; content: Buffer }[];
  /** Absolute URL of the same view in the app (its shareable URL), from the configured public URL. */
  link: string;
  /** Each tile as the text part lists it ('Title: value'). */
  figures: { title: string; value: string }[];
}

/** An entity's figure at one evaluation of an alert rule. */
export interface AlertObservation {
  entityKind: 'site' | 'employee';
  entityId: number;
  entityName: string;
  /** The value the condition tests (hours for a duration rule); null when the entity has none. */
  value: number | null;
  /** The entity's volume (calls, communications); 0 when the rule has no volume. */
  volume: number;
  breached: boolean;
}

export type AlertState = 'ok' | 'pending' | 'firing' | 'resolved';

/** A change of an entity's alert state to tell the recipient about. */
export interface AlertTransition {
  entityKind: 'site' | 'employee';
  entityId: number;
  entityName: string;
  from: AlertState;
  to: AlertState;
  value: number | null;
  /** A reminder while it keeps firing (the rule's repeat interval). */
  repeat?: boolean;
}

/** The filter keys a page's $filter references read, for a range over every site in scope. */
function filterOf(range: DateRange): Record<string, unknown> {
  return hostFilter({ siteIds: [], accountIds: [], dateRange: range });
}

/**
 * The app's shareable URL of a page (src/shared/filterQuery.ts): the period as its exact dates (a
 * preset's name would move with the calendar) with the comparison period the figures used (a 'Prior
 * Month' against the calendar month before, not the same number of days), the sites when narrowed,
 * from the public URL.
 */
export function pageLink(config: Config, route: string, range?: DateRange, siteIds: number[] = []): string {
  const base = `${config.publicUrl.replace(/\/+$/, '')}${route}`;
  if (!range) return base;
  const query = filterQuery(
    {
      range: customRange(range.currentPeriod.start, range.currentPeriod.end, range.previousPeriod),
      siteIds,
      accountIds: [],
    },
    { siteCount: Number.POSITIVE_INFINITY, accountCount: 0 },
  );
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
  return `${base}?${params}`;
}

/** Who the recipient is to the app: their sites and accounts, and when the data was last updated. */
async function scopeFacts(call: RecipientCall) {
  const [sites, accounts, refresh] = (await Promise.all([
    call('GET', '/api/sites'),
    call('GET', '/api/account'),
    call('GET', '/api/data/refresh_time'),
  ])) as [
    { id: number; name: string; siteIsActive: boolean }[],
    { accountName: string }[],
    { lastDataUpdate: string | null },
  ];
  const active = sites.filter((s) => s.siteIsActive).length;
  const of = accounts.length === 1 ? accounts[0].accountName : `${accounts.length} accounts`;
  return {
    sites,
    sitesText: `All ${active} active site${active === 1 ? '' : 's'} of ${of}`,
    lastDataUpdate: refresh.lastDataUpdate,
    asOfText: refresh.lastDataUpdate
      ? `${applyPipe(refresh.lastDataUpdate, { name: 'date', args: ['M/D/YYYY h:mm A'] })} (sites' local time)`
      : 'no data yet',
  };
}

/** How a greeting says a digest's period. */
const PERIOD_WORDS: Record<string, string> = {
  Yesterday: 'yesterday',
  'Prior Week': 'last week',
  'Prior Month': 'last month',
};

/** A sentence to follow 'Hello name, ': its first letter in lower case (an acronym kept). */
const sentenceTail = (text: string) =>
  /^[A-Z](?![A-Z])/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;

/** A period's dates as messages show them: '11/16/2026 - 11/22/2026', or one date for one day. */
const periodDates = (p: DateRange['currentPeriod']) =>
  p.start === p.end ? formatDisplayDate(p.start) : formatPeriod(p);

const footerOf = (recipient: Recipient, what: string) =>
  `${recipient.displayName}, you get this ${what} because you subscribed to it in HawkEye (${recipient.email}). Change or pause it under Email & alerts in the account menu. Times are in ${zoneWords(recipient.timeZone)}.`;

/** The rows of a page's data source for the filter and params (none when its `when` does not hold). */
async function sourceRows(
  call: RecipientCall,
  page: NormalizedPage,
  name: string,
  ctx: {
    filter: Record<string, unknown>;
    params: Record<string, unknown>;
    table?: { pageSize: number; sort: { field: string; direction: 'asc' | 'desc' } | null };
  },
): Promise<{ rows: Record<string, unknown>[]; answer: unknown }> {
  const source = page.data[name];
  if (!source || !evaluateCondition(source.when, ctx.params)) return { rows: [], answer: undefined };
  const body = buildRequestBody(name, source, {
    filter: ctx.filter,
    params: ctx.params,
    tables: ctx.table ? { [name]: { pageIndex: 0, ...ctx.table } } : {},
  });
  const answer = await call(source.method === 'GET' ? 'GET' : 'POST', source.endpoint, body);
  return { rows: extractRows(answer, source.rows), answer };
}

type PanelWidget = NonNullable<NormalizedPage['panels'][string]['blocks']>[number]['widgets'][number];

/** A table widget's first page, sorted as the page first shows it, with its totals row. */
async function tableOf(
  call: RecipientCall,
  page: NormalizedPage,
  widget: Extract<PanelWidget, { kind: 'table' }>,
  filter: Record<string, unknown>,
  params: Record<string, unknown>,
): Promise<MessageTable> {
  const pageSize = widget.pageSize ?? 10;
  const sort = widget.defaultSort
    ? { field: widget.defaultSort.field, direction: widget.defaultSort.direction ?? 'asc' }
    : null;
  const { rows, answer } = await sourceRows(call, page, widget.data, {
    filter,
    params,
    table: { pageSize, sort },
  });
  const columns = widget.columns.filter((c) => !c.group);
  const table: MessageTable = {
    headers: columns.map((c) => ({ text: c.header ?? '', align: c.align ?? 'left' })),
    rows: rows.slice(0, pageSize).map((r) => columns.map((c) => cellText(c, r))),
  };
  const total = (answer as { totalRows?: unknown } | undefined)?.totalRows;
  if (typeof total === 'number' && total > table.rows.length)
    table.note = `Showing ${table.rows.length} of ${total} rows; open the page for all of them.`;
  if (widget.totals?.data) {
    const totals = await sourceRows(call, page, widget.totals.data, { filter, params });
    const row = totals.rows[0];
    table.totals = columns.map((c, i) => (i === 0 ? (widget.totals?.label ?? 'Total') : totalText(c, row)));
  }
  return table;
}

/**
 * A digest as its recipient would see its panels on their dashboard: the period in the recipient's
 * time zone from `at` (the occurrence's scheduled instant), every figure asked of the app's own
 * routes as the recipient (their claims, accounts and sites), tiles and rings as the page formats
 * them, charts as PNG images (by cid), tables as the page's first page, with the filters used, the
 * 'as of' time and a link to the same view.
 */
export async function renderDigest(
  ctx: DeliveryContext,
  a: { digestId: string; recipient: Recipient; at: Date },
): Promise<RenderedMessage> {
  const digest = ctx.definitions.digests.get(a.digestId);
  if (!digest)
    throw new Error(`no digest '${a.digestId}'; digests: ${[...ctx.definitions.digests.keys()].join(', ')}`);
  const call = await asRecipient(ctx.app, ctx.store, ctx.config, a.recipient.userId);
  const range = periodAt(digest.period, a.at, a.recipient.timeZone);
  const filter = filterOf(range);
  const [{ pages }, facts] = await Promise.all([
    call('GET', '/api/dashboards') as Promise<{ pages: NormalizedPage[] }>,
    scopeFacts(call),
  ]);
  const byId = new Map(pages.map((p) => [p.id, p]));
  const sections: MessageSection[] = [];
  const attachments: RenderedMessage['attachments'] = [];
  for (const [i, item] of digest.items.entries()) {
    // A page the recipient may not open (an access rule) is left out, as their menu leaves it out.
    const page = byId.get(item.page);
    const panel = page?.panels[item.panel];
    if (!page || !panel) continue;
    const params = paramsForFilter(page.params, filter);
    const shown = (panel.blocks ?? [])
      .filter((b) => evaluateCondition(b.when, params))
      .flatMap((b) => b.widgets)
      .filter((w) => evaluateCondition(w.when, params));
    const widgets = item.widgets
      ? item.widgets.flatMap((id) => shown.filter((w) => 'id' in w && w.id === id))
      : shown;
    const section: MessageSection = {
      title: item.title ?? panel.title,
      href: pageLink(ctx.config, page.route, range),
      figures: [],
      images: [],
      tables: [],
      lines: [],
    };
    for (const [k, w] of widgets.entries()) {
      if (w.kind === 'tiles' || w.kind === 'ring') {
        const { rows } = await sourceRows(call, page, w.data, { filter, params });
        section.figures.push(...widgetFigures(w, rows));
      } else if (w.kind === 'chart') {
        const compiled = (w as { vega?: Record<string, Spec> }).vega;
        const spec = compiled?.narrow ?? compiled?.wide;
        if (!spec) continue;
        const { rows } = await sourceRows(call, page, w.data, { filter, params });
        const shared = Object.fromEntries((w.params ?? []).map((n) => [n, params[n]]));
        const image = await chartPng(spec, {
          dataset: w.dataset ?? 'rows',
          rows,
          signals: chartSignals(shared, CHART_WIDTH),
          height: Math.min(w.height ?? 300, 300),
        });
        const cid = `chart-${i + 1}-${k + 1}@hawkeye`;
        attachments.push({
          filename: `${digest.id}-${i + 1}-${k + 1}.png`,
          cid,
          contentType: 'image/png',
          content: image.png,
        });
        section.images.push({ cid, alt: `${section.title} chart`, width: image.width, height: image.height });
      } else if (w.kind === 'table') {
        section.tables.push(await tableOf(call, page, w, filter, params));
      }
    }
    sections.push(section);
  }
  const first = digest.items.map((it) => byId.get(it.page)).find(Boolean);
  const link = pageLink(ctx.config, first?.route ?? '/dashboard', range);
  const periodText = `${digest.period}, ${periodDates(range.currentPeriod)}`;
  const model: MessageModel = {
    preview: `${digest.title}: ${periodText}`,
    heading: digest.title,
    greeting: `Hello ${a.recipient.displayName}, here is ${PERIOD_WORDS[digest.period] ?? digest.period} at your sites.`,
    facts: [
      { label: 'Period', value: periodText },
      { label: 'Compared with', value: periodDates(range.previousPeriod) },
      { label: 'Sites', value: facts.sitesText },
      { label: 'Data as of', value: facts.asOfText },
    ],
    sections,
    link: { href: link, label: 'Open in HawkEye' },
    footer: footerOf(a.recipient, 'digest'),
  };
  const figures = sections.flatMap((s) => s.figures.map((f) => ({ title: f.title, value: f.value })));
  return message(model, `${digest.title}: ${formatPeriod(range.currentPeriod)}`, attachments, figures);
}

/** A message model rendered (HTML and text), with what is sent beside it; its link is the model's. */
async function message(
  model: MessageModel,
  subject: string,
  attachments: RenderedMessage['attachments'],
  figures: RenderedMessage['figures'],
): Promise<RenderedMessage> {
  const { html, text } = await renderMessage(model);
  return { subject, html, text, attachments, link: model.link.href, figures };
}

/** A rule's thresholds: the definition's defaults, replaced by the subscription's where it sets one. */
export function ruleThresholds(
  rule: AlertRuleDefinition,
  given?: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(rule.thresholds).map(([k, t]) => [
      k,
      typeof given?.[k] === 'number' ? given[k] : t.default,
    ]),
  );
}

function ruleOf(ctx: DeliveryContext, ruleId: string): AlertRuleDefinition {
  const rule = ctx.definitions.alertRules.get(ruleId);
  if (!rule)
    throw new Error(`no alert rule '${ruleId}'; rules: ${[...ctx.definitions.alertRules.keys()].join(', ')}`);
  return rule;
}

/** The rows of an alert's source for a filter (and, per site, that site's id in the `each` key). */
async function alertRows(
  call: RecipientCall,
  source: AlertSource,
  filter: Record<string, unknown>,
  each?: { key: string; siteId: number },
): Promise<Record<string, unknown>[]> {
  const body: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(source.body ?? {})) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const value = filter[v.$filter];
      if (v.omitWhenEmpty && (value == null || value === '' || (Array.isArray(value) && !value.length)))
        continue;
      body[key] = value ?? null;
    } else body[key] = v;
  }
  if (each) body[each.key] = [each.siteId];
  const method = source.method === 'GET' ? 'GET' : 'POST';
  const rows: Record<string, unknown>[] = [];
  // A paged source is read page by page until every row is in.
  for (;;) {
    const answer = await call(method, source.endpoint, {
      ...body,
      ...(rows.length ? { skip: rows.length } : {}),
    });
    const page = extractRows(answer, source.rows ?? '');
    rows.push(...page);
    const total = (answer as { totalRows?: unknown })?.totalRows;
    if (typeof total !== 'number' || rows.length >= total || !page.length || method === 'GET') return rows;
  }
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The value of a row as the rule compares it: hours for a duration the field gives in seconds. */
function ruleValue(rule: AlertRuleDefinition, row: Record<string, unknown> | undefined): number | null {
  const v = num(row?.[rule.value.field]);
  return v === null ? null : rule.value.format === 'hours' ? v / 3600 : v;
}

/** The calendar day alerts count back from: the last data update's, never after the recipient's today. */
async function alertToday(call: RecipientCall, recipient: Recipient, at: Date): Promise<string> {
  const { lastDataUpdate } = (await call('GET', '/api/data/refresh_time')) as {
    lastDataUpdate: string | null;
  };
  const today = zonedClock(at, recipient.timeZone).date;
  const dataDay = lastDataUpdate?.slice(0, 10);
  return dataDay && dataDay < today ? dataDay : today;
}

/** The figure and volume of every entity, for one filter. */
async function observe(
  call: RecipientCall,
  rule: AlertRuleDefinition,
  filter: Record<string, unknown>,
): Promise<Map<number, { name: string; value: number | null; volume: number }>> {
  const out = new Map<number, { name: string; value: number | null; volume: number }>();
  const volumeOf = (rows: Record<string, unknown>[]) => {
    const field = rule.volume?.field;
    if (!field) return 0;
    return rule.volume?.sum
      ? rows.reduce((s, r) => s + (num(r[field]) ?? 0), 0)
      : (num(rows[0]?.[field]) ?? 0);
  };
  const pick = (rows: Record<string, unknown>[]) => {
    const where = rule.value.where;
    return where ? rows.find((r) => r[where.field] === where.equals) : rows[0];
  };
  const each = rule.entity.each;
  if (each) {
    const sites = (await call('GET', '/api/sites')) as { id: number; name: string; siteIsActive: boolean }[];
    for (const site of sites.filter((s) => s.siteIsActive)) {
      const target = { key: each, siteId: site.id };
      const rows = await alertRows(call, rule.source, filter, target);
      const volumeRows = rule.volume?.source
        ? await alertRows(call, rule.volume.source, filter, target)
        : rows;
      out.set(site.id, { name: site.name, value: ruleValue(rule, pick(rows)), volume: volumeOf(volumeRows) });
    }
    return out;
  }
  const idField = rule.entity.idField ?? 'id';
  const nameField = rule.entity.nameField ?? 'name';
  const rows = await alertRows(call, rule.source, filter);
  const volumeRows = rule.volume?.source ? await alertRows(call, rule.volume.source, filter) : undefined;
  for (const row of rows) {
    const id = num(row[idField]);
    if (id === null) continue;
    const own = volumeRows ? volumeRows.filter((r) => r[idField] === id) : [row];
    out.set(id, { name: String(row[nameField] ?? id), value: ruleValue(rule, row), volume: volumeOf(own) });
  }
  return out;
}

/** Whether a value (and its previous, for a change) breaches the rule's condition. */
function breaches(
  rule: AlertRuleDefinition,
  limits: Record<string, number>,
  value: number | null,
  previous: number | null | undefined,
): boolean {
  if (value === null) return false;
  const c = rule.condition;
  if ('above' in c) return value > limits[c.above];
  if ('below' in c) return value < limits[c.below];
  if (previous === null || previous === undefined) return false;
  const moved = c.change === 'increase' ? value - previous : previous - value;
  if (c.relative) return previous !== 0 && (moved / Math.abs(previous)) * 100 > limits[c.by];
  return moved > limits[c.by];
}

/**
 * One evaluation of an alert rule for a recipient: every entity of their scope (sites or employees)
 * with its value, its volume and whether it breaches, read as the recipient from the rule's source
 * for the rule's period counted back from the last data update (as Action Required ages are). An
 * entity below the rule's minimum volume never breaches.
 */
export async function evaluateAlertRule(
  ctx: DeliveryContext,
  a: { ruleId: string; recipient: Recipient; thresholds?: Record<string, number>; at: Date },
): Promise<AlertObservation[]> {
  const rule = ruleOf(ctx, a.ruleId);
  const limits = ruleThresholds(rule, a.thresholds);
  const call = await asRecipient(ctx.app, ctx.store, ctx.config, a.recipient.userId);
  const range = rule.period ? periodOn(rule.period, await alertToday(call, a.recipient, a.at)) : undefined;
  const filter = range ? filterOf(range) : { siteIds: [], accountIds: [] };
  const now = await observe(call, rule, filter);
  const before =
    range && 'change' in rule.condition
      ? await observe(call, rule, filterOf(customRange(range.previousPeriod.start, range.previousPeriod.end)))
      : undefined;
  const minVolume = rule.volume ? limits[rule.volume.min] : 0;
  return [...now.entries()]
    .map(([id, o]) => ({
      entityKind: rule.entity.kind,
      entityId: id,
      entityName: o.name,
      value: o.value,
      volume: o.volume,
      breached: o.volume >= minVolume && breaches(rule, limits, o.value, before?.get(id)?.value),
    }))
    .sort((x, y) => x.entityName.localeCompare(y.entityName) || x.entityId - y.entityId);
}

/** A value of a rule as messages show it: '27.3%', '5 hrs, 12 min', '4'. */
export function alertValueText(rule: AlertRuleDefinition, value: number | null): string {
  if (value === null) return 'No Data';
  switch (rule.value.format) {
    case 'percent':
      return applyPipe(value, { name: 'percent', args: [1] });
    case 'hours':
      return formatDaysHoursMinutes(Math.round(value * 3600));
    default:
      return applyPipe(value, { name: 'decimal', args: [0] });
  }
}

/** A threshold of a rule as messages show it: '25%', '4 hours', '0'. */
function thresholdText(rule: AlertRuleDefinition, value: number | undefined): string {
  if (value === undefined) return '';
  const n = formatNumber(value, 2);
  return rule.value.format === 'percent' ? `${n}%` : rule.value.format === 'hours' ? `${n} hours` : n;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(entity|value|threshold)\}/g, (_m, k: string) => values[k] ?? '');

/**
 * The message of an alert's state changes for a recipient: what started breaching (or still is, at
 * the repeat interval) and what recovered, one line each in the rule's words, the value as of the
 * last data update, the thresholds the subscription uses (`thresholds`, else the rule's defaults)
 * and a link to the page the rule names, for the rule's period.
 */
export async function renderAlert(
  ctx: DeliveryContext,
  a: {
    ruleId: string;
    recipient: Recipient;
    transitions: AlertTransition[];
    at: Date;
    thresholds?: Record<string, number>;
  },
): Promise<RenderedMessage> {
  const rule = ruleOf(ctx, a.ruleId);
  const limits = ruleThresholds(rule, a.thresholds);
  const call = await asRecipient(ctx.app, ctx.store, ctx.config, a.recipient.userId);
  const facts = await scopeFacts(call);
  const today = await alertToday(call, a.recipient, a.at);
  const range = rule.period ? periodOn(rule.period, today) : undefined;
  const limitKey =
    'above' in rule.condition
      ? rule.condition.above
      : 'below' in rule.condition
        ? rule.condition.below
        : rule.condition.by;
  const threshold = thresholdText(rule, limits[limitKey]);
  const line = (t: AlertTransition, template: string) =>
    fill(template, { entity: t.entityName, value: alertValueText(rule, t.value), threshold });
  // Worst first: the highest value over an 'above' limit, the lowest under a 'below' one.
  const worse = 'below' in rule.condition ? 1 : -1;
  const firing = a.transitions
    .filter((t) => t.to === 'firing')
    .sort((x, y) => worse * ((x.value ?? 0) - (y.value ?? 0)) || x.entityName.localeCompare(y.entityName));
  const resolved = a.transitions.filter((t) => t.to === 'resolved' || t.to === 'ok');
  const noun = rule.entity.kind === 'site' ? 'site' : 'employee';
  const count = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const page = rule.link
    ? ((await call('GET', '/api/dashboards')) as { pages: NormalizedPage[] }).pages.find(
        (p) => p.id === rule.link,
      )
    : undefined;
  const sites = rule.entity.kind === 'site' && a.transitions.length === 1 ? [a.transitions[0].entityId] : [];
  const link = pageLink(ctx.config, page?.route ?? '/dashboard', range, sites);
  const firingText = rule.firingMessage ?? '{entity}: {value}';
  const sections: MessageSection[] = [];
  // Each entity's value, for a webhook's fields; the message says them in its sentences.
  const figures = (list: AlertTransition[]): RenderedMessage['figures'] =>
    list.map((t) => ({ title: t.entityName, value: alertValueText(rule, t.value) }));
  if (firing.length)
    sections.push({
      title: firing.every((t) => t.repeat)
        ? `Still over your limit: ${count(firing.length)}`
        : `Over your limit: ${count(firing.length)}`,
      figures: [],
      images: [],
      tables: [],
      lines: firing.map((t) => line(t, firingText)),
    });
  if (resolved.length)
    sections.push({
      title: `Recovered: ${count(resolved.length)}`,
      figures: [],
      images: [],
      tables: [],
      lines: resolved.map((t) => line(t, rule.resolveMessage)),
    });
  const subject = firing.length
    ? `${rule.title}: ${count(firing.length)} over your limit${resolved.length ? `, ${count(resolved.length)} recovered` : ''}`
    : `${rule.title}: ${count(resolved.length)} recovered`;
  const model: MessageModel = {
    preview: subject,
    heading: rule.title,
    greeting: rule.description
      ? `Hello ${a.recipient.displayName}, this is your alert for when ${sentenceTail(rule.description)}`
      : `Hello ${a.recipient.displayName}, this is your alert '${rule.title}'.`,
    facts: [
      ...(range ? [{ label: 'Period', value: `${rule.period}, ${periodDates(range.currentPeriod)}` }] : []),
      {
        label: 'Your limit',
        value: `${rule.value.label ?? rule.title} ${'below' in rule.condition ? 'below' : 'above'} ${threshold}`,
      },
      { label: 'Sites', value: facts.sitesText },
      { label: 'Data as of', value: facts.asOfText },
    ],
    sections,
    link: { href: link, label: 'Open in HawkEye' },
    footer: footerOf(a.recipient, 'alert'),
  };
  return message(model, subject, [], [...figures(firing), ...figures(resolved)]);
}
