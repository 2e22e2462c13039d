// PLACEHOLDER (h61ui): stands in for h61send's module of the same name, with the contract's
// signatures, until that branch is merged; the merge takes h61send's file.
import type { DeliveryContext } from './compute';
export interface DeliveryLine {
  subscriptionId: number;
  occurrenceKey: string;
  status: 'sent' | 'skipped' | 'failed';
  to: string;
  reason?: string;
}
export async function testSend(_ctx: DeliveryContext, subscriptionId: number): Promise<DeliveryLine> {
  return { subscriptionId, occurrenceKey: 'test', status: 'failed', to: '', reason: 'not built yet' };
}
