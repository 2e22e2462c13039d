import type { AlertRuleChoice, AlertThresholdChoice, DigestChoice } from '../../shared/api/types';
import type { DeliveryDefinitions } from './definitions';

/** What the page shows of a definition, read from it whatever else it holds. */
type Described = { title?: unknown; description?: unknown; period?: unknown; thresholds?: unknown };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The fields of a choice that are there (a description, a bound), none of them undefined. */
function present<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The thresholds a subscriber may set for a rule (its `thresholds`, by key), each with the rule's default. */
export function ruleThresholds(rule: unknown): AlertThresholdChoice[] {
  const declared = (rule as Described | undefined)?.thresholds;
  if (!declared || typeof declared !== 'object' || Array.isArray(declared)) return [];
  return Object.entries(declared as Record<string, Record<string, unknown> | undefined>).flatMap(
    ([key, t]) => {
      const value = num(t?.default);
      if (value === undefined) return [];
      return [
        {
          key,
          label: text(t?.label) ?? key,
          default: value,
          ...present({ minimum: num(t?.minimum), maximum: num(t?.maximum) }),
        },
      ];
    },
  );
}

/** The digests one may subscribe to, by title. */
export function digestChoices(definitions: DeliveryDefinitions): DigestChoice[] {
  return [...definitions.digests]
    .map(([id, def]) => {
      const d = def as Described;
      return {
        id,
        title: text(d.title) ?? id,
        period: text(d.period) ?? '',
        ...present({ description: text(d.description) }),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The alert rules one may subscribe to, by title, with their thresholds. */
export function alertRuleChoices(definitions: DeliveryDefinitions): AlertRuleChoice[] {
  return [...definitions.alertRules]
    .map(([id, def]) => {
      const d = def as Described;
      return {
        id,
        title: text(d.title) ?? id,
        ...present({ description: text(d.description) }),
        thresholds: ruleThresholds(def),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}
