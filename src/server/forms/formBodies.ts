import type { SupportRequest } from '../../shared/api/types';

/** Which form a submission came from. */
export type FormKind = 'feedback' | 'support';

/** The support fields in form order, with the names people read (emails, listings, 406 texts). */
export const SUPPORT_FIELDS: readonly { key: keyof SupportRequest; label: string }[] = [
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
