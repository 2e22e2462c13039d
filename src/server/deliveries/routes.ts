import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  AlertRuleChoice,
  DeliveriesQuery,
  SubscriptionCreateRequest,
  SubscriptionParams,
  SubscriptionUpdateRequest,
} from '../../shared/api/types';
import { attemptLimiter, tooManyMessage } from '../auth/authLimits';
import { findUserById } from '../auth/userLookup';
import { EDITOR_CLAIM } from '../dashboards/editorRoutes';
import { requirePermittedCaller } from '../forms/requirePermission';
import { acceptEmptyJsonBodies, apiRef, responseSchema } from '../schemaValidation';
import { isConnectionFailure } from '../store';
import { alertRuleChoices, digestChoices } from './choices';
import type { DeliveryContext } from './compute';
import { type DeliveryDefinitions, servedDefinitions } from './definitions';
import { loadRecipient } from './recipient';
import { testSend } from './runner';
import { nextSend } from './schedule';
import {
  createSubscription,
  deleteSubscription,
  deliveryHistory,
  deliveryProgress,
  getSubscription,
  listSubscriptions,
  type Subscription,
  type SubscriptionInput,
  SubscriptionInputError,
  updateSubscription,
} from './subscriptionStore';
import { webhookAllowList, webhookUrlProblem } from './webhookTarget';

/** How many of a subscription's deliveries its history lists, newest first. */
export const HISTORY_LIMIT = 50;

/**
 * Test sends one user may ask for in a window (each renders a message and sends it): 5 a minute, on
 * all their subscriptions together; past it, 429 with Retry-After.
 */
export const TEST_SEND_LIMIT = { max: 5, windowMs: 60_000 } as const;

/** The time zone of a subscriber whose own is not known. */
const FALLBACK_TIME_ZONE = 'UTC';

const SCHEMA = 'deliveries/';
const response = (file: string) => responseSchema(apiRef(`${SCHEMA}${file}`));

type Problem = { message: string; field: string };

/** A 400 naming the field, in the shape the schema checks answer. */
function badRequest(reply: FastifyReply, p: Problem) {
  return reply.status(400).send({ error: 'Bad Request', ...p });
}

/** A store write whose refusal of the input (SubscriptionInputError) is answered 400 naming the field. */
async function written<T>(reply: FastifyReply, write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof SubscriptionInputError)) throw err;
    badRequest(reply, { message: err.message, field: err.field });
    return undefined;
  }
}

/** Whether the caller is an administrator: the editor's claim, which lets them manage anyone's subscriptions. */
function isAdmin(request: FastifyRequest): Promise<boolean> {
  return request.server.claims.holds(request.caller!.userId, EDITOR_CLAIM);
}

/**
 * The user whose subscriptions a request manages: the caller, or the user an administrator names.
 * Sends 403 when someone else names another user, 400 when the user named does not exist.
 */
async function subscriberOf(
  request: FastifyRequest,
  reply: FastifyReply,
  requested: number | undefined,
): Promise<number | undefined> {
  const caller = request.caller!.userId;
  if (requested === undefined || requested === caller) return caller;
  if (!(await isAdmin(request))) {
    reply.status(403).send({
      error: 'Forbidden',
      message: "Only an administrator may manage another user's subscriptions",
    });
    return undefined;
  }
  if (!(await findUserById(request.server.ctx.store, requested))) {
    badRequest(reply, { message: `There is no user ${requested}`, field: '/userId' });
    return undefined;
  }
  return requested;
}

/**
 * The subscription of the route's :id when the caller may manage it (their own, or anyone's for an
 * administrator); otherwise 404 is sent, so another user's ids are not told from missing ones.
 */
async function manageable(
  request: FastifyRequest<{ Params: SubscriptionParams }>,
  reply: FastifyReply,
): Promise<Subscription | undefined> {
  const id = Number(request.params.id);
  const subscription = await getSubscription(request.server.ctx.store, id);
  if (subscription && (subscription.userId === request.caller!.userId || (await isAdmin(request))))
    return subscription;
  reply.status(404).send({ error: 'Not Found', message: `There is no subscription ${id}` });
  return undefined;
}

/** Only the day a frequency uses is kept (a daily digest has neither). */
function normalSchedule(schedule: Subscription['schedule'] | undefined): Subscription['schedule'] {
  if (!schedule) return null;
  const { frequency, hour, weekday, monthday } = schedule;
  if (frequency === 'weekly') return { frequency, hour, weekday };
  if (frequency === 'monthly') return { frequency, hour, monthday };
  return { frequency, hour };
}

/** A target that is not a definition of its kind, or thresholds its rule does not have. */
function targetProblem(
  definitions: DeliveryDefinitions,
  kind: Subscription['kind'],
  targetId: string,
  thresholds: Record<string, number> | null | undefined,
): Problem | undefined {
  if (kind === 'digest') {
    if (definitions.digests.has(targetId)) return undefined;
    const known = [...definitions.digests.keys()].join(', ') || 'none';
    return { message: `There is no digest '${targetId}'; the digests are: ${known}`, field: '/targetId' };
  }
  const rule: AlertRuleChoice | undefined = alertRuleChoices(definitions).find((r) => r.id === targetId);
  if (!rule) {
    const known = [...definitions.alertRules.keys()].join(', ') || 'none';
    return { message: `There is no alert rule '${targetId}'; the rules are: ${known}`, field: '/targetId' };
  }
  for (const [key, value] of Object.entries(thresholds ?? {})) {
    const field = `/thresholds/${key}`;
    const threshold = rule.thresholds.find((t) => t.key === key);
    if (!threshold) {
      const keys = rule.thresholds.map((t) => t.key).join(', ') || 'none';
      return {
        message: `The rule '${rule.title}' has no threshold '${key}'; its thresholds are: ${keys}`,
        field,
      };
    }
    const { minimum = -Infinity, maximum = Infinity } = threshold;
    if (value < minimum || value > maximum) {
      const range =
        maximum === Infinity
          ? `at least ${minimum}`
          : minimum === -Infinity
            ? `at most ${maximum}`
            : `from ${minimum} to ${maximum}`;
      return { message: `${threshold.label} must be ${range}`, field };
    }
  }
  return undefined;
}

/**
 * The channel to store: a new webhook needs a secret to sign with; an edit that leaves the secret
 * out keeps the one stored (a webhook's secret is never sent back, so the page cannot resend it).
 * A webhook's URL may not name an internal address or this machine, unless `allowedHosts`
 * (WEBHOOK_ALLOWED_HOSTS) allows it.
 */
function channelInput(
  channel: SubscriptionCreateRequest['channel'],
  before: Subscription['channel'] | undefined,
  allowedHosts: readonly string[],
): { channel: SubscriptionInput['channel'] } | Problem {
  if (channel.type === 'email') return { channel: { type: 'email' } };
  const url = channel.url ?? '';
  const urlProblem = webhookUrlProblem(url, webhookAllowList(allowedHosts));
  if (urlProblem) return { message: urlProblem, field: '/channel/url' };
  if (channel.secret) return { channel: { type: 'webhook', url, secret: channel.secret } };
  if (before?.type === 'webhook' && before.hasSecret) return { channel: { type: 'webhook', url } };
  return {
    message: 'A webhook needs a secret of 16 characters or more: its messages are signed with it',
    field: '/channel/secret',
  };
}

/**
 * The API of the 'Email & alerts' page (JSON, for signed-in users with the permission to use
 * HawkEye). A user manages their own subscriptions; an administrator (the editor's claim) anyone's,
 * naming the user with `userId`. Another user's subscription answers 404 as a missing one does.
 * - GET /api/deliveries[?userId=]: the digests and alert rules (with their thresholds and defaults),
 *   the subscriber's time zone and their subscriptions.
 * - POST /api/deliveries/subscriptions: subscribes (201 with the subscription).
 * - PATCH /api/deliveries/subscriptions/:id: changes the fields sent; DELETE removes it (204).
 * - POST /api/deliveries/subscriptions/:id/test: sends it now, recorded in its history as a test;
 *   429 with Retry-After past TEST_SEND_LIMIT.
 * - GET /api/deliveries/subscriptions/:id/history: its deliveries, newest first.
 * Every body is checked by schemas/api/deliveries (400 naming the field), then against the
 * definitions: the digest or rule must exist, and thresholds be the rule's.
 */
export async function registerDeliveryRoutes(app: FastifyInstance): Promise<void> {
  // Reloaded with the page definitions: an edited or added digest or rule is used at once.
  const definitions = servedDefinitions(app);
  await app.register(async (scope) => {
    // Test sends and deletions are posted with a JSON content type and nothing to say.
    acceptEmptyJsonBodies(scope);
    const { store, config } = app.ctx;

    /** The definitions, or undefined with 503 sent while none have loaded (the log says which file is wrong). */
    const definitionsOr503 = async (_request: FastifyRequest, reply: FastifyReply) => {
      if (definitions.loaded) return definitions;
      reply.status(503).send({
        error: 'Service Unavailable',
        message: 'The digests and alert rules could not be read just now; try again later',
      });
      return undefined;
    };

    const auth = { onRequest: requirePermittedCaller };
    const params = apiRef(`${SCHEMA}subscription-params.json`);

    scope.get<{ Querystring: DeliveriesQuery }>(
      '/api/deliveries',
      {
        ...auth,
        schema: {
          querystring: apiRef(`${SCHEMA}deliveries-query.json`),
          response: { 200: response('deliveries-response.json') },
        },
      },
      async (request, reply) => {
        const asked = request.query.userId === undefined ? undefined : Number(request.query.userId);
        const userId = await subscriberOf(request, reply, asked);
        if (userId === undefined) return reply;
        const defs = await definitionsOr503(request, reply);
        if (!defs) return reply;
        const [recipient, subscriptions, progress] = await Promise.all([
          loadRecipient(store, userId),
          listSubscriptions(store, { userId }),
          deliveryProgress(store, { userId }),
        ]);
        const timeZone = recipient?.timeZone ?? FALLBACK_TIME_ZONE;
        // Each subscription says when it next sends and how its last delivery went.
        const now = config.now?.() ?? new Date();
        return {
          digests: digestChoices(defs),
          alertRules: alertRuleChoices(defs),
          timeZone,
          subscriptions: subscriptions.map((s) => ({
            ...s,
            nextAt: nextSend(s, timeZone, now, progress.get(s.id)?.startsAt)?.toISOString() ?? null,
            lastDelivery: progress.get(s.id)?.lastDelivery ?? null,
          })),
        };
      },
    );

    scope.post<{ Body: SubscriptionCreateRequest }>(
      '/api/deliveries/subscriptions',
      {
        ...auth,
        schema: {
          body: apiRef(`${SCHEMA}subscription-create.json`),
          response: { 201: response('subscription.json') },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const userId = await subscriberOf(request, reply, body.userId);
        if (userId === undefined) return reply;
        const defs = await definitionsOr503(request, reply);
        if (!defs) return reply;
        const thresholds = body.kind === 'alert' ? (body.thresholds ?? null) : null;
        const problem = targetProblem(defs, body.kind, body.targetId, thresholds);
        if (problem) return badRequest(reply, problem);
        const channel = channelInput(body.channel, undefined, config.webhookAllowedHosts);
        if ('field' in channel) return badRequest(reply, channel);
        const created = await written(reply, () =>
          createSubscription(store, userId, {
            kind: body.kind,
            targetId: body.targetId,
            schedule: body.kind === 'digest' ? normalSchedule(body.schedule) : null,
            thresholds,
            quietHours: body.quietHours ?? null,
            channel: channel.channel,
            paused: body.paused ?? false,
          }),
        );
        return created ? reply.status(201).send(created) : reply;
      },
    );

    scope.patch<{ Params: SubscriptionParams; Body: SubscriptionUpdateRequest }>(
      '/api/deliveries/subscriptions/:id',
      {
        ...auth,
        schema: {
          params,
          body: apiRef(`${SCHEMA}subscription-update.json`),
          response: { 200: response('subscription.json') },
        },
      },
      async (request, reply) => {
        const before = await manageable(request, reply);
        if (!before) return reply;
        const body = request.body;
        const change: Partial<SubscriptionInput> = {};
        if (before.kind === 'digest') {
          if (body.schedule === null)
            return badRequest(reply, {
              message: 'a digest needs a schedule: frequency, hour, and the weekday or day of the month',
              field: '/schedule',
            });
          if (body.thresholds)
            return badRequest(reply, {
              message: 'a digest has no thresholds: leave thresholds out',
              field: '/thresholds',
            });
          if (body.schedule) change.schedule = normalSchedule(body.schedule);
        } else {
          if (body.schedule)
            return badRequest(reply, {
              message:
                'an alert has no schedule: it is checked whenever the data is updated; leave schedule out',
              field: '/schedule',
            });
          if (body.thresholds !== undefined) change.thresholds = body.thresholds;
        }
        if (body.targetId !== undefined || body.thresholds) {
          const defs = await definitionsOr503(request, reply);
          if (!defs) return reply;
          const thresholds = body.thresholds !== undefined ? body.thresholds : before.thresholds;
          const problem = targetProblem(defs, before.kind, body.targetId ?? before.targetId, thresholds);
          if (problem) return badRequest(reply, problem);
          if (body.targetId !== undefined) change.targetId = body.targetId;
        }
        if (body.channel) {
          const channel = channelInput(body.channel, before.channel, config.webhookAllowedHosts);
          if ('field' in channel) return badRequest(reply, channel);
          change.channel = channel.channel;
        }
        if (body.quietHours !== undefined) change.quietHours = body.quietHours;
        if (body.paused !== undefined) change.paused = body.paused;
        const updated = await written(reply, () => updateSubscription(store, before.id, change));
        if (reply.sent) return reply;
        if (!updated)
          return reply
            .status(404)
            .send({ error: 'Not Found', message: `There is no subscription ${before.id}` });
        return updated;
      },
    );

    scope.delete<{ Params: SubscriptionParams }>(
      '/api/deliveries/subscriptions/:id',
      { ...auth, schema: { params } },
      async (request, reply) => {
        const before = await manageable(request, reply);
        if (!before) return reply;
        await deleteSubscription(store, before.id);
        return reply.status(204).send();
      },
    );

    const testSends = attemptLimiter('test-send-user', TEST_SEND_LIMIT, store);
    scope.post<{ Params: SubscriptionParams }>(
      '/api/deliveries/subscriptions/:id/test',
      { ...auth, schema: { params, response: { 200: response('delivery-line.json') } } },
      async (request, reply) => {
        const subscription = await manageable(request, reply);
        if (!subscription) return reply;
        const defs = await definitionsOr503(request, reply);
        if (!defs) return reply;
        const reserved = await testSends.reserve(String(request.caller!.userId));
        if (!reserved.allowed) {
          reply.header('retry-after', String(reserved.retryAfterSeconds));
          return reply.status(429).send({
            error: 'Too Many Requests',
            message: tooManyMessage('test sends', reserved.retryAfterSeconds),
          });
        }
        const ctx: DeliveryContext = { app, store, config, definitions: defs };
        try {
          return await testSend(ctx, subscription.id);
        } catch (err) {
          if (isConnectionFailure(err)) throw err;
          // The runner records what it could not send; anything it threw is told as a failed test.
          request.log.error({ err }, 'test send failed');
          return {
            subscriptionId: subscription.id,
            occurrenceKey: 'test',
            status: 'failed' as const,
            to: '',
            reason: 'The test could not be sent just now; try again later',
          };
        }
      },
    );

    scope.get<{ Params: SubscriptionParams }>(
      '/api/deliveries/subscriptions/:id/history',
      { ...auth, schema: { params, response: { 200: response('history-response.json') } } },
      async (request, reply) => {
        const subscription = await manageable(request, reply);
        if (!subscription) return reply;
        return { deliveries: await deliveryHistory(store, subscription.id, HISTORY_LIMIT) };
      },
    );
  });
}
