/* Generated from schemas/delivery by scripts/gen-types.ts (npm run gen:types). Never edit by hand: change the schema and regenerate. */

/**
 * When an entity breaches: its value above or below a threshold, or changed against the previous period by more than a threshold (in the value's unit, or in percent with `relative`).
 */
export type AlertCondition =
  | {
      /**
       * A key of `thresholds`.
       */
      above: string;
    }
  | {
      /**
       * A key of `thresholds`.
       */
      below: string;
    }
  | {
      /**
       * Which way the value moved against the previous period.
       */
      change: 'increase' | 'decrease';
      /**
       * A key of `thresholds`.
       */
      by: string;
      /**
       * The change in percent of the previous value (left out: in the value's own unit).
       */
      relative?: boolean;
    };

/**
 * An alert rule: a data source read as the recipient, fanned out over sites or employees, and a condition on one field of each. A subscriber hears once when an entity starts breaching it (after it has held for `pending` evaluations), again every `repeatHours` while it holds, and once when it recovers. One file per rule in dashboards/alerts/.
 */
export interface AlertRuleDefinition {
  /**
   * The path of this schema, so editors complete definitions.
   */
  $schema?: string;
  /**
   * A unique rule id (kebab case); subscriptions name it.
   */
  id: string;
  /**
   * The rule's name, in subjects and where a user subscribes.
   */
  title: string;
  /**
   * What the rule watches, shown where a user subscribes.
   */
  description?: string;
  /**
   * The dates the source is asked for ($filter startDate, endDate...), counted back from the last data update (as Action Required ages are). Left out: the source takes no dates (the state now).
   */
  period?: 'Yesterday' | 'Prior Week' | 'Last 30 Days' | 'Last 60 Days' | 'Last 90 Days' | 'Prior Month';
  source: AlertSource;
  entity: AlertEntity;
  value: AlertValue;
  condition: AlertCondition;
  volume?: AlertVolume;
  /**
   * The numbers a subscriber may set, by key: the condition's and the minimum volume's.
   */
  thresholds: {
    [k: string]: AlertThreshold;
  };
  /**
   * How many evaluations in a row an entity must breach before the alert fires (1: at once).
   */
  pending?: number;
  /**
   * While firing, a reminder this often (0: never).
   */
  repeatHours?: number;
  /**
   * The line for an entity that starts breaching; {entity}, {value} and {threshold} are filled in.
   */
  firingMessage?: string;
  /**
   * The line for an entity that has recovered; {entity}, {value} and {threshold} are filled in.
   */
  resolveMessage: string;
  /**
   * The id of the page the message links to (the same view in the app).
   */
  link?: string;
}
/**
 * A request to an API endpoint, written as a page's data source: each body value is a literal or {"$filter": key}, a key of the global filter (siteIds, accountIds, startDate, endDate...).
 */
export interface AlertSource {
  /**
   * The endpoint path; it must be listed in the API's endpoint index.
   */
  endpoint: string;
  /**
   * The HTTP method.
   */
  method?: 'GET' | 'POST';
  /**
   * The request body template.
   */
  body?: {
    /**
     * A literal, or a reference to the global filter.
     */
    [k: string]: string | number | boolean | null | (string | number | boolean | null)[] | FilterReference;
  };
  /**
   * A JSON pointer to the rows in the response ('' : the response is the list).
   */
  rows?: string;
}
export interface FilterReference {
  /**
   * A key of the global filter.
   */
  $filter: string;
  /**
   * Leave the key out when the value is empty.
   */
  omitWhenEmpty?: boolean;
}
/**
 * What the rule fans out over. With `each`, the source is asked once per site of the recipient's scope, with that site's id as the list in the body key `each` names; otherwise each row of the source is one entity.
 */
export interface AlertEntity {
  /**
   * Sites or employees.
   */
  kind: 'site' | 'employee';
  /**
   * The row field holding the entity's id.
   */
  idField?: string;
  /**
   * The row field holding the entity's name.
   */
  nameField?: string;
  /**
   * A body key taking a list of site ids (siteIds): ask the source once per site in scope.
   */
  each?: string;
}
/**
 * The figure the condition tests: a field of the entity's row (with `each`, of the row the `where` picks).
 */
export interface AlertValue {
  /**
   * The row field.
   */
  field: string;
  where?: AlertRowChoice;
  /**
   * What it is: a count, a percent (0-100), or a duration the field gives in seconds, compared with its thresholds in hours (and shown as hours and minutes).
   */
  format: 'count' | 'percent' | 'hours';
  /**
   * Its name in messages (default: the rule's title).
   */
  label?: string;
}
/**
 * Picks the row whose field equals a value.
 */
export interface AlertRowChoice {
  /**
   * The row field.
   */
  field: string;
  /**
   * The value it must hold.
   */
  equals: string | number | boolean;
}
/**
 * The entity's volume (calls, communications), so small sites do not trip the rule: below the threshold `min` names it is never breached. Read from the rule's source, or from a source of its own (asked the same way); `sum` adds the field over the rows.
 */
export interface AlertVolume {
  source?: AlertSource;
  /**
   * The row field.
   */
  field: string;
  /**
   * Add the field over every row (of the entity).
   */
  sum?: boolean;
  /**
   * A key of `thresholds`.
   */
  min: string;
}
/**
 * A number a subscriber may set.
 */
export interface AlertThreshold {
  /**
   * What it is, with its unit, as a form shows it.
   */
  label: string;
  /**
   * The value unless the subscription sets another.
   */
  default: number;
  /**
   * The smallest value a subscriber may set.
   */
  minimum?: number;
  /**
   * The largest value a subscriber may set.
   */
  maximum?: number;
}
/**
 * A digest: panels of existing pages (page id + panel id) computed for a period preset, sent by email or webhook to each subscriber with that subscriber's own figures. One file per digest in dashboards/digests/.
 */
export interface DigestDefinition {
  /**
   * The path of this schema, so editors complete definitions.
   */
  $schema?: string;
  /**
   * A unique digest id (kebab case); subscriptions name it.
   */
  id: string;
  /**
   * The digest's name: the subject of its message starts with it.
   */
  title: string;
  /**
   * What the digest is for, shown where a user subscribes.
   */
  description?: string;
  /**
   * The period its figures cover, computed in the recipient's time zone from the scheduled time: the day before, the Monday-to-Sunday week before, or the calendar month before.
   */
  period: 'Yesterday' | 'Prior Week' | 'Prior Month';
  /**
   * The panels, in message order.
   *
   * @minItems 1
   */
  items: DigestItem[];
}
/**
 * A panel of a page, drawn as the page draws it for the recipient: its tiles and rings as figures, its charts as images, its tables as rows.
 */
export interface DigestItem {
  /**
   * The id of a page in dashboards/.
   */
  page: string;
  /**
   * The id of a panel of that page.
   */
  panel: string;
  /**
   * The ids of the panel's widgets to show, in order; all its tiles, rings, charts and tables when left out.
   *
   * @minItems 1
   */
  widgets?: string[];
  /**
   * A heading other than the panel's title.
   */
  title?: string;
}
