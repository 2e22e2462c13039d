import type {
  DeliveriesOverview,
  DeliveryHistory,
  DeliveryLine,
  DeliverySubscription,
  SubscriptionCreateRequest,
  SubscriptionUpdateRequest,
} from '../../shared/api/types';
import { request } from '../api';

export type {
  AlertRuleChoice,
  AlertThresholdChoice,
  DeliveriesOverview,
  DeliveryLine,
  DeliveryRecord,
  DeliverySubscription,
  DigestChoice,
  DigestSchedule,
  QuietHours,
  SubscriptionCreateRequest,
  SubscriptionUpdateRequest,
} from '../../shared/api/types';

/** The query key of the page's overview; a subscription's history is under it too. */
export const DELIVERIES_QUERY_KEY = ['deliveries'] as const;

/** The query key of one subscription's history. */
export const historyQueryKey = (id: number) => [...DELIVERIES_QUERY_KEY, 'history', id] as const;

const subscriptionPath = (id: number) => `/api/deliveries/subscriptions/${id}`;

/** GET /api/deliveries: what one may subscribe to, one's time zone and one's subscriptions. */
export function fetchDeliveries(): Promise<DeliveriesOverview> {
  return request<DeliveriesOverview>('/api/deliveries');
}

/** POST /api/deliveries/subscriptions. */
export function createSubscription(body: SubscriptionCreateRequest): Promise<DeliverySubscription> {
  return request('/api/deliveries/subscriptions', { method: 'POST', body: { ...body } });
}

/** PATCH /api/deliveries/subscriptions/:id: the fields sent change, the others are kept. */
export function updateSubscription(
  id: number,
  body: SubscriptionUpdateRequest,
): Promise<DeliverySubscription> {
  return request(subscriptionPath(id), { method: 'PATCH', body: { ...body } });
}

/** DELETE /api/deliveries/subscriptions/:id. */
export async function deleteSubscription(id: number): Promise<void> {
  await request(subscriptionPath(id), { method: 'DELETE' });
}

/** POST /api/deliveries/subscriptions/:id/test: sends it now; the answer says how it went. */
export function testSubscription(id: number): Promise<DeliveryLine> {
  return request(`${subscriptionPath(id)}/test`, { method: 'POST', body: {} });
}

/** GET /api/deliveries/subscriptions/:id/history: its deliveries, newest first. */
export async function fetchHistory(id: number): Promise<DeliveryHistory['deliveries']> {
  return (await request<DeliveryHistory>(`${subscriptionPath(id)}/history`)).deliveries;
}
