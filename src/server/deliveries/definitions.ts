// PLACEHOLDER until h61defs merges: the real module loads and checks dashboards/digests/*.json and
// dashboards/alerts/*.json against schemas/delivery. This stand-in only lets h61send's machinery
// (claims, schedules, states, channels) run in its own tests; the coordinator replaces it.

export interface DigestDefinition {
  id: string;
  title: string;
  period: 'Yesterday' | 'Prior Week' | 'Prior Month';
}

export interface AlertRuleDefinition {
  id: string;
  title: string;
  thresholds: Record<string, { label: string; default: number; minimum?: number; maximum?: number }>;
  /** Evaluations a breach must hold before it fires. */
  pending?: number;
  /** Hours between reminders while firing. */
  repeatHours?: number;
}

export interface DeliveryDefinitions {
  digests: Map<string, DigestDefinition>;
  alertRules: Map<string, AlertRuleDefinition>;
}

/** PLACEHOLDER: the shipped definitions' ids and timings, as the machinery tests use them. */
export async function loadDeliveryDefinitions(_dashboardsDir: string): Promise<DeliveryDefinitions> {
  const digests = new Map<string, DigestDefinition>([
    ['weekly-portfolio', { id: 'weekly-portfolio', title: 'Weekly portfolio', period: 'Prior Week' }],
    ['daily-yesterday', { id: 'daily-yesterday', title: 'Yesterday', period: 'Yesterday' }],
  ]);
  const alertRules = new Map<string, AlertRuleDefinition>([
    [
      'missed-call-rate',
      {
        id: 'missed-call-rate',
        title: 'Missed-call rate',
        thresholds: { maxPercent: { label: 'Missed calls above (%)', default: 25 } },
        pending: 2,
        repeatHours: 24,
      },
    ],
  ]);
  return { digests, alertRules };
}
