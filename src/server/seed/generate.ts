import {
  ACCOUNT_NAMES,
  ACCOUNT_TIME_ZONES,
  AD_SOURCES,
  FIRST_NAMES,
  LAST_NAMES,
  RELATIONSHIPS,
  SITE_FIRST,
  SITE_PATTERNS,
  SITE_SECOND,
} from './names';
import { Random, Weighted } from './random';
import type { Scale } from './scales';
import type { TableName } from './tables';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Leasing season: spring and summer peak (January first). */
const MONTH_FACTOR = [0.78, 0.84, 0.98, 1.1, 1.22, 1.32, 1.3, 1.2, 1.0, 0.9, 0.8, 0.7];
/** Weekly rhythm, Sunday first. */
const WEEKDAY_FACTOR = [0.55, 1.15, 1.1, 1.06, 1.02, 0.96, 0.74];
/** Share of the day's communications per hour, 0-23. */
const HOUR_WEIGHTS = [
  0, 0, 0, 0, 0, 0, 0.2, 0.8, 2.4, 4.6, 6, 6.4, 6, 6.2, 6.4, 6.2, 5.8, 5, 3.8, 2.8, 2, 1.3, 0.6, 0.2,
];

const REL_ID = Object.fromEntries(RELATIONSHIPS.map((r, i) => [r, i + 1])) as Record<
  (typeof RELATIONSHIPS)[number],
  number
>;

/** A batch of rows for one table, in the column order of TABLES. */
export interface Batch {
  table: TableName;
  rows: unknown[][];
}

export interface GenerateOptions {
  scale: Scale;
  seed: number;
  /** The last data update: communications run up to it; action-required ages count from it. */
  asOf: Date;
  /** Rows per communications batch. */
  batchSize?: number;
}

interface SiteModel {
  id: number;
  accountId: number;
  size: number;
  missFactor: number;
  employees: EmployeeModel[];
  employeeDraw: Weighted<EmployeeModel>;
  recentContacts: number[];
  recentProspects: number[];
  /** Recent inbound communications still waiting for a reply at the last update, oldest first. */
  waiting: WaitingCommunication[];
}

/** A communication an open action item can stand for. */
interface WaitingCommunication {
  id: number;
  at: number;
  type: string;
  relationship: number;
  employeeId: number;
}

/** How far back an open action item looks for the communication it stands for. */
const WAITING_WINDOW_DAYS = 45;

interface EmployeeModel {
  id: number;
  /** Median minutes to first reply. */
  replyMedianMinutes: number;
  /** Chance an inbound message is never answered. */
  neverReplies: number;
  /** TPA score offset from the mean. */
  scoreOffset: number;
}

/** Minutes as the timestamp number the store takes (UTC clock fields of the site-local time). */
function monthsBefore(d: Date, months: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, d.getUTCDate()));
}

/**
 * Generates the demo data set, table by table, in batches. Deterministic: the same options give the
 * same rows. Reference tables come first, then communications (with their contacts, leases and
 * scores) day by day, then the action-required backlog and the data status.
 */
export function* generate(opts: GenerateOptions): Generator<Batch> {
  const { scale, seed, asOf } = opts;
  const batchSize = opts.batchSize ?? 100_000;
  const rng = new Random(seed);

  // Reference data.
  const accounts = Array.from({ length: scale.accounts }, (_, i) => [
    i + 1,
    ACCOUNT_NAMES[i % ACCOUNT_NAMES.length],
    true,
    ACCOUNT_TIME_ZONES[i % ACCOUNT_TIME_ZONES.length],
  ]);
  yield { table: 'accounts', rows: accounts };

  const sites: SiteModel[] = [];
  const siteRows: unknown[][] = [];
  const usedNames = new Set<string>();
  const accountWeights = Array.from({ length: scale.accounts }, (_, i) => 1 + (scale.accounts - i) * 0.35);
  const accountDraw = new Weighted(
    accounts.map((a) => a[0] as number),
    accountWeights,
  );
  for (let i = 0; i < scale.sites; i++) {
    let name = '';
    let tries = 0;
    do {
      name = rng
        .pick(SITE_PATTERNS)
        .replace('{a}', rng.pick(SITE_FIRST))
        .replace('{b}', rng.pick(SITE_SECOND));
      tries++;
    } while (usedNames.has(name) && tries < 200);
    // More sites than names (the xlarge scale): a second 'Oak Creek Apartments' is 'Oak Creek Apartments 2'.
    if (usedNames.has(name)) {
      let k = 2;
      while (usedNames.has(`${name} ${k}`)) k++;
      name = `${name} ${k}`;
    }
    usedNames.add(name);
    // Every account gets sites; the rest spread with larger accounts first.
    const accountId = i < scale.accounts ? i + 1 : accountDraw.draw(rng);
    const active = i < scale.accounts || !rng.chance(0.07);
    // A site keeps its account's time zone (NULL), as most do.
    siteRows.push([i + 1, accountId, name, active, null]);
    sites.push({
      id: i + 1,
      accountId,
      size: Math.min(2.4, Math.max(0.35, rng.logNormal(1, 0.4))) * (active ? 1 : 0.6),
      missFactor: Math.min(1.35, Math.max(0.7, rng.normal(1, 0.14))),
      employees: [],
      employeeDraw: new Weighted([], []),
      recentContacts: [],
      recentProspects: [],
      waiting: [],
    });
  }
  yield { table: 'sites', rows: siteRows };

  const employeeRows: unknown[][] = [];
  let employeeId = 0;
  for (const site of sites) {
    const count = Math.max(2, Math.round(rng.normal(scale.employeesPerSite, 1.6)));
    const weights: number[] = [];
    for (let j = 0; j < count; j++) {
      employeeId++;
      const active = !rng.chance(0.1);
      employeeRows.push([employeeId, site.id, rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES), active]);
      // Some employees reply in minutes, some in hours: a wide log-normal spread.
      site.employees.push({
        id: employeeId,
        replyMedianMinutes: Math.min(600, rng.logNormal(22, 1.1)),
        neverReplies: Math.min(0.3, Math.max(0.02, rng.normal(0.09, 0.05))),
        scoreOffset: rng.normal(0, 5),
      });
      weights.push(active ? rng.logNormal(1, 0.5) : 0.15);
    }
    site.employeeDraw = new Weighted(site.employees, weights);
  }
  yield { table: 'employees', rows: employeeRows };

  yield {
    table: 'ad_sources',
    rows: AD_SOURCES.map((a, i) => [i + 1, a.name, a.active, a.ils]),
  };
  const adDraw = new Weighted(
    AD_SOURCES.map((_, i) => i + 1),
    AD_SOURCES.map((a) => (a.active ? a.weight : a.weight * 0.4)),
  );
  yield { table: 'relationships', rows: RELATIONSHIPS.map((r, i) => [i + 1, r, i + 1]) };

  // Communications, day by day over the period.
  const end = asOf.getTime();
  const startDay = monthsBefore(asOf, scale.months).getTime();
  const hourDraw = new Weighted(
    HOUR_WEIGHTS.map((_, h) => h),
    HOUR_WEIGHTS,
  );
  const typeDraw = new Weighted(['PHONE', 'SMS', 'EMAIL', 'WALKIN'], [52, 22, 20, 6]);
  const prospectRel = new Weighted([REL_ID.Lead, REL_ID.Prospect, REL_ID.Lost], [35, 60, 5]);
  const nonProspectRel = new Weighted(
    [REL_ID.Resident, REL_ID.Applicant, REL_ID.Vendor, REL_ID.Other],
    [62, 14, 14, 10],
  );
  const undeterminedRel = new Weighted([REL_ID.Other, REL_ID.Lead, REL_ID.Prospect], [55, 30, 15]);
  const messageRel = new Weighted(
    [
      REL_ID.Lead,
      REL_ID.Prospect,
      REL_ID.Applicant,
      REL_ID.Resident,
      REL_ID.Vendor,
      REL_ID.Other,
      REL_ID.Lost,
    ],
    [14, 26, 9, 36, 6, 5, 4],
  );
  const missedResult = {
    prospect: new Weighted(
      ['Left Message/Voicemail', 'Answering Service/Call Center', 'Automated Assistant'],
      [50, 32, 18],
    ),
    non_prospect: new Weighted(['Resident Automated Assistant', 'Automated Assistant'], [62, 38]),
    undetermined: new Weighted(
      ['Hangup', 'Hangup - Short', 'Automated Assistant - Undetermined'],
      [58, 22, 20],
    ),
  };

  let comms: unknown[][] = [];
  let contacts: unknown[][] = [];
  let leases: unknown[][] = [];
  let scores: unknown[][] = [];
  let commId = 0;
  let contactId = 0;
  let leaseId = 0;
  let scoreId = 0;

  const flush = function* (): Generator<Batch> {
    if (contacts.length) yield { table: 'contacts', rows: contacts };
    if (comms.length) yield { table: 'communications', rows: comms };
    if (leases.length) yield { table: 'leases', rows: leases };
    if (scores.length) yield { table: 'call_scores', rows: scores };
    comms = [];
    contacts = [];
    leases = [];
    scores = [];
  };

  const remember = (list: number[], id: number) => {
    if (list.length < 400) list.push(id);
    else list[rng.int(0, 399)] = id;
  };

  for (let day = startDay; day < end; day += DAY) {
    const date = new Date(day);
    const dow = date.getUTCDay();
    const weekend = dow === 0 || dow === 6;
    const dayFactor = MONTH_FACTOR[date.getUTCMonth()] * WEEKDAY_FACTOR[dow];
    for (const site of sites) {
      const n = rng.poisson(scale.commsPerSiteDay * site.size * dayFactor);
      for (let k = 0; k < n; k++) {
        const hour = hourDraw.draw(rng);
        const at = day + hour * HOUR + rng.int(0, 3_599_999);
        if (at >= end) continue;
        const evening = hour >= 18 || hour < 8;
        const type = typeDraw.draw(rng);
        const inbound = type === 'WALKIN' || rng.chance(type === 'PHONE' ? 0.72 : 0.55);
        const employee = site.employeeDraw.draw(rng);
        commId++;
        let relationship: number;
        let callerType: string | null = null;
        let callResult: string | null = null;
        let missed = false;
        let duration: number | null = null;
        let adSource: number | null = null;
        let first = false;
        let responseRequired = false;
        let respondedAt: number | null = null;
        let responseSeconds: number | null = null;
        let contact: number | null = null;

        if (type === 'PHONE' && inbound) {
          const r = rng.next();
          callerType = r < 0.26 ? 'prospect' : r < 0.78 ? 'non_prospect' : 'undetermined';
          relationship =
            callerType === 'prospect'
              ? prospectRel.draw(rng)
              : callerType === 'non_prospect'
                ? nonProspectRel.draw(rng)
                : undeterminedRel.draw(rng);
          const base = callerType === 'undetermined' ? 0.5 : 0.18;
          const pMiss = Math.min(0.95, base * site.missFactor * (evening ? 1.45 : 1) * (weekend ? 1.3 : 1));
          missed = rng.chance(pMiss);
          callResult = missed ? missedResult[callerType as keyof typeof missedResult].draw(rng) : 'Answered';
          duration = missed
            ? rng.int(3, 75)
            : Math.round(Math.min(3600, rng.logNormal(callerType === 'prospect' ? 260 : 170, 0.55)));
          if (callerType !== 'non_prospect') adSource = adDraw.draw(rng);
          responseRequired = missed;
        } else if (inbound) {
          relationship = type === 'WALKIN' ? prospectRel.draw(rng) : messageRel.draw(rng);
          if (type === 'WALKIN') {
            adSource = adDraw.draw(rng);
          } else {
            // Vendors and 'other' messages often need no reply.
            const noReply = relationship === REL_ID.Vendor || relationship === REL_ID.Other ? 0.55 : 0.04;
            responseRequired = !rng.chance(noReply);
          }
        } else {
          relationship = messageRel.draw(rng);
        }

        if (inbound) {
          const isProspect = callerType === 'prospect' || (type === 'WALKIN' && relationship !== REL_ID.Lost);
          const pool = isProspect ? site.recentProspects : site.recentContacts;
          first = pool.length === 0 || rng.chance(isProspect ? 0.68 : 0.3);
          if (first) {
            contactId++;
            contact = contactId;
            contacts.push([contactId, site.accountId, site.id, relationship, adSource, at]);
            remember(isProspect ? site.recentProspects : site.recentContacts, contactId);
            // About 7 percent of new prospects sign a lease within a few weeks.
            if (isProspect && rng.chance(0.071)) {
              const leasedAt = at + rng.int(2, 40) * DAY;
              if (leasedAt < end) {
                leaseId++;
                leases.push([
                  leaseId,
                  site.accountId,
                  site.id,
                  contactId,
                  adSource,
                  new Date(leasedAt).toISOString().slice(0, 10),
                ]);
              }
            }
          } else {
            contact = rng.pick(pool);
          }
        } else if (site.recentContacts.length) {
          contact = rng.pick(site.recentContacts);
        }

        if (responseRequired) {
          const never = employee.neverReplies * (type === 'EMAIL' ? 1.3 : 1) * (weekend ? 1.2 : 1);
          if (!rng.chance(never)) {
            const median =
              employee.replyMedianMinutes *
              (type === 'EMAIL' ? 1.8 : type === 'SMS' ? 0.7 : 1) *
              (evening ? 2.5 : 1);
            responseSeconds = Math.max(20, Math.round(rng.logNormal(median * 60, 1.25)));
            respondedAt = at + responseSeconds * 1000;
            if (respondedAt >= end) {
              respondedAt = null;
              responseSeconds = null;
            }
          }
        }

        if (responseRequired && respondedAt === null && at >= end - WAITING_WINDOW_DAYS * DAY)
          site.waiting.push({ id: commId, at, type, relationship, employeeId: employee.id });

        comms.push([
          commId,
          site.accountId,
          site.id,
          employee.id,
          contact,
          relationship,
          adSource,
          type,
          inbound ? 'inbound' : 'outbound',
          at,
          callerType,
          callResult,
          missed,
          duration,
          first,
          responseRequired,
          respondedAt,
          responseSeconds,
        ]);

        // Telephone performance analysis scores about half of the answered lead calls.
        if (
          type === 'PHONE' &&
          inbound &&
          !missed &&
          callerType !== 'non_prospect' &&
          rng.chance(callerType === 'prospect' ? 0.5 : 0.15)
        ) {
          const score = Math.round(Math.min(100, Math.max(30, rng.normal(83 + employee.scoreOffset, 7.5))));
          const qualified = rng.chance(callerType === 'prospect' ? 0.82 : 0.4);
          const appointment = qualified && rng.chance(0.148 * (score / 83) ** 2);
          scoreId++;
          scores.push([
            scoreId,
            commId,
            site.accountId,
            site.id,
            employee.id,
            at + (duration ?? 0) * 1000,
            qualified,
            appointment,
            score,
          ]);
        }
      }
    }
    if (comms.length >= batchSize) yield* flush();
  }
  yield* flush();

  // The action-required backlog at the last data update: open items of every age, and some resolved.
  const items: unknown[][] = [];
  let itemId = 0;
  const itemType = new Weighted(['PHONE', 'SMS', 'EMAIL'], [40, 35, 25]);
  for (const site of sites) {
    const open = rng.poisson(14 * site.size);
    const resolved = rng.poisson(20 * site.size);
    const unused = [...site.waiting];
    for (let k = 0; k < open + resolved; k++) {
      const r = rng.next();
      const ageHours =
        r < 0.42 ? rng.next() * 24 : r < 0.66 ? 24 + rng.next() * 24 : 48 + rng.logNormal(40, 0.8);
      const drawn = {
        created: end - Math.round(ageHours * HOUR),
        employeeId: site.employeeDraw.draw(rng).id,
        relationship: messageRel.draw(rng),
        type: itemType.draw(rng),
      };
      const isOpen = k < open;
      // An open item stands for a communication still waiting for a reply (the one nearest its
      // drawn age), so the communications log lists exactly the items Action Required counts; it
      // takes that communication's time, type, relationship and employee. Draws stay as they were,
      // so the resolved items and everything else seeded do not move.
      const comm = isOpen ? takeNearest(unused, drawn.created) : undefined;
      if (isOpen && !comm) continue;
      itemId++;
      items.push([
        itemId,
        site.accountId,
        site.id,
        comm?.employeeId ?? drawn.employeeId,
        comm?.relationship ?? drawn.relationship,
        comm?.type ?? drawn.type,
        comm?.id ?? null,
        comm?.at ?? drawn.created,
        isOpen ? null : Math.min(end, drawn.created + Math.round(rng.logNormal(3, 1) * HOUR)),
      ]);
    }
  }
  yield { table: 'action_items', rows: items };
  yield { table: 'data_status', rows: [[1, end]] };
}

/** Removes and returns the communication of the list whose time is nearest `at`, if any. */
function takeNearest(list: WaitingCommunication[], at: number): WaitingCommunication | undefined {
  let best = -1;
  for (let i = 0; i < list.length; i++)
    if (best < 0 || Math.abs(list[i].at - at) < Math.abs(list[best].at - at)) best = i;
  return best < 0 ? undefined : list.splice(best, 1)[0];
}
