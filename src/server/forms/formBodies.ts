/**
 * The bodies of the form routes as TypeScript sees them. schemas/api/forms/*.json is the
 * description Fastify validates against; these mirror it field for field.
 */

/** POST /post-feedback (schemas/api/forms/feedback-request.json). */
export interface FeedbackBody {
  overallSatisfaction: '1' | '2' | '3' | '4' | '5';
  comments?: string;
  contactMe?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** The browser's IANA time zone. */
  ao_jstzo?: string;
}

/** POST /post-support (schemas/api/forms/support-request.json). */
export interface SupportBody {
  /** Company name. */
  tfa_1: string;
  /** Site/Property Name(s). */
  tfa_2: string;
  /** Product code, tfa_5 to tfa_11. */
  tfa_4: string;
  /** Device code, tfa_15 to tfa_20. */
  tfa_14: string;
  /** Description. */
  tfa_21: string;
  /** First name. */
  tfa_22: string;
  /** Last name. */
  tfa_23: string;
  /** Phone, (555) 555-5555. */
  tfa_25: string;
  /** Email. */
  tfa_26: string;
  /** Email again. */
  tfa_27: string;
}

/** Which form a submission came from. */
export type FormKind = 'feedback' | 'support';

/** The support fields in form order, with the names people read (emails, listings, 406 texts). */
export const SUPPORT_FIELDS: readonly { key: keyof SupportBody; label: string }[] = [
  { key: 'tfa_1', label: 'Company Name' },
  { key: 'tfa_2', label: 'Site/Property Name(s)' },
  { key: 'tfa_4', label: 'Product' },
  { key: 'tfa_14', label: 'Device' },
  { key: 'tfa_21', label: 'Description' },
  { key: 'tfa_22', label: 'First Name' },
  { key: 'tfa_23', label: 'Last Name' },
  { key: 'tfa_25', label: 'Phone Number' },
  { key: 'tfa_26', label: 'Email' },
  { key: 'tfa_27', label: 'Confirm Email' },
];
