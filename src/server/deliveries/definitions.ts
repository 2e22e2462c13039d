// PLACEHOLDER (h61ui): stands in for h61defs's module of the same name, with the contract's
// signatures, until that branch is merged; the merge takes h61defs's file.
export type DigestDefinition = { title?: string; period?: string } & Record<string, unknown>;
export type AlertRuleDefinition = { title?: string } & Record<string, unknown>;
export interface DeliveryDefinitions {
  digests: Map<string, DigestDefinition>;
  alertRules: Map<string, AlertRuleDefinition>;
}
export async function loadDeliveryDefinitions(_dashboardsDir: string): Promise<DeliveryDefinitions> {
  return { digests: new Map(), alertRules: new Map() };
}
