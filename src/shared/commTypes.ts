/**
 * Communication types and the filter choices that map onto them (SPEC.md sections 3 and 7).
 * The server builds its answers from these maps (the Volume chart's categories, the Response Time
 * page's types and their names). The client does not import them: the types a filter choice sends
 * come from the value maps of dashboards/_shared.json, and request bodies are validated against
 * the enum of schemas/api/common.schema.json, not against COMM_TYPES.
 */

/** The communication types stored in communications.comm_type. */
export const COMM_TYPES = ['PHONE', 'SMS', 'EMAIL', 'WALKIN'] as const;

/** One stored communication type. */
export type CommType = (typeof COMM_TYPES)[number];

/** Comm Type filter options (Volume page) and the types each one sends. */
export const COMM_TYPE_OPTIONS: readonly { label: string; commTypes: readonly CommType[] }[] = [
  { label: 'All', commTypes: ['SMS', 'PHONE', 'EMAIL', 'WALKIN'] },
  { label: 'Calls', commTypes: ['PHONE'] },
  { label: 'Texts', commTypes: ['SMS'] },
  { label: 'Emails', commTypes: ['EMAIL'] },
  { label: 'Walk-Ins', commTypes: ['WALKIN'] },
];

/** The types that wait for a reply and so appear on the Response Time page, in line order. */
export const RESPONSE_COMM_TYPES = ['PHONE', 'SMS', 'EMAIL'] as const;

/** Response-time type choices (the group AllCommTypes is all three). */
export const RESPONSE_TYPE_OPTIONS: readonly { label: string; commTypes: readonly CommType[] }[] = [
  { label: 'All', commTypes: ['SMS', 'PHONE', 'EMAIL'] },
  { label: 'Missed Call', commTypes: ['PHONE'] },
  { label: 'Text', commTypes: ['SMS'] },
  { label: 'Email', commTypes: ['EMAIL'] },
];

/** How a response-required communication of each type is named on the Response Time page. */
export const RESPONSE_MESSAGE_TYPE: Readonly<Record<'PHONE' | 'SMS' | 'EMAIL', string>> = {
  PHONE: 'Missed Call',
  SMS: 'Text',
  EMAIL: 'Email',
};

/** Volume chart categories, in the order SPEC.md section 2 shows them. */
export const VOLUME_CATEGORIES: readonly { commType: CommType; label: string }[] = [
  { commType: 'PHONE', label: 'Calls' },
  { commType: 'EMAIL', label: 'Emails' },
  { commType: 'SMS', label: 'Texts' },
  { commType: 'WALKIN', label: 'Walk-Ins' },
];
