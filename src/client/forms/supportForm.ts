import {
  confirmedBy,
  confirms,
  DEFAULT_PRODUCT,
  email,
  maxLength,
  phone,
  required,
} from '../../shared/formRules';
import type { FormUser } from './formTypes';
import type { FieldSpec } from './useFormFields';

/** The values of the Request Support form. */
export type SupportValues = {
  companyName: string;
  siteName: string;
  product: string;
  device: string;
  description: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  emailConfirm: string;
};

/** The support fields, all required (SPEC.md section 5); names and both emails start from the user. */
export function supportFields(user: FormUser): { [K in keyof SupportValues]: FieldSpec<SupportValues[K]> } {
  return {
    companyName: { initial: '', rules: [required, maxLength(200)] },
    siteName: { initial: '', rules: [required, maxLength(1000)] },
    product: { initial: DEFAULT_PRODUCT, rules: [required] },
    device: { initial: '', rules: [required] },
    description: { initial: '', rules: [required, maxLength(10_000)] },
    firstName: { initial: user.firstName ?? '', rules: [required, maxLength(100)] },
    lastName: { initial: user.lastName ?? '', rules: [required, maxLength(100)] },
    phoneNumber: { initial: '', rules: [required, phone] },
    email: {
      initial: user.email ?? '',
      rules: [required, email, maxLength(254), confirmedBy('emailConfirm', 'email')],
    },
    emailConfirm: { initial: user.email ?? '', rules: [required, confirms('email', 'email')] },
  };
}

/** The POST /post-support body with the form's field codes (schemas/api/forms/support-request.json). */
export function supportBody(v: SupportValues): Record<string, string> {
  return {
    tfa_1: v.companyName.trim(),
    tfa_2: v.siteName.trim(),
    tfa_4: v.product,
    tfa_14: v.device,
    tfa_21: v.description,
    tfa_22: v.firstName.trim(),
    tfa_23: v.lastName.trim(),
    tfa_25: v.phoneNumber,
    tfa_26: v.email.trim(),
    tfa_27: v.emailConfirm.trim(),
  };
}
