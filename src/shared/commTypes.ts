import type { CommType } from './api/types';

/**
 * How the server names and orders the communication types in its answers (SPEC.md sections 2 and
 * 7): the Volume chart's categories, the Response Time page's types and their names. The types
 * themselves are schemas/api/common.schema.json#/$defs/commType (the generated CommType), which
 * request bodies and imported records are validated against; the choices a filter offers, and the
 * types each sends, are the value maps of dashboards/_shared.json.
 */

/** The types that wait for a reply and so appear on the Response Time page, in line order. */
export const RESPONSE_COMM_TYPES = ['PHONE', 'SMS', 'EMAIL'] as const satisfies readonly CommType[];

/** How a response-required communication of each type is named on the Response Time page. */
export const RESPONSE_MESSAGE_TYPE: Readonly<Record<(typeof RESPONSE_COMM_TYPES)[number], string>> = {
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
