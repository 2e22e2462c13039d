import type { FeedbackRequest, SupportRequest } from '../../shared/api/types';
import {
  DEVICE_OPTIONS,
  FORM_MESSAGES,
  isEmailValid,
  isPhoneValid,
  optionLabel,
  PRODUCT_OPTIONS,
} from '../../shared/formRules';
import { SUPPORT_FIELDS } from './formBodies';

/** Why the server refuses a well-shaped body (answered 406): the field's JSON pointer and what to do. */
export interface FormProblem {
  field: string;
  message: string;
}

/** The feedback form's refusal, if any: only a malformed email address can be refused. */
export function feedbackProblem(body: FeedbackRequest): FormProblem | undefined {
  if (body.email !== undefined && !isEmailValid(body.email.trim()))
    return { field: '/email', message: FORM_MESSAGES.invalidEmail };
  return undefined;
}

/**
 * The support form's refusal, if any, for the first field in form order: a blank field, an
 * unknown product or device code, a malformed phone or email, or a confirmation that differs.
 */
export function supportProblem(body: SupportRequest): FormProblem | undefined {
  for (const { key, label } of SUPPORT_FIELDS) {
    if (body[key].trim() === '') return { field: `/${key}`, message: `${label} is required` };
  }
  if (!optionLabel(PRODUCT_OPTIONS, body.tfa_4)) {
    const codes = PRODUCT_OPTIONS.map((o) => o.value).join(', ');
    return { field: '/tfa_4', message: `Unknown product code '${body.tfa_4}': choose one of ${codes}` };
  }
  if (!optionLabel(DEVICE_OPTIONS, body.tfa_14)) {
    const codes = DEVICE_OPTIONS.filter((o) => o.value)
      .map((o) => o.value)
      .join(', ');
    return { field: '/tfa_14', message: `Unknown device code '${body.tfa_14}': choose one of ${codes}` };
  }
  if (!isPhoneValid(body.tfa_25.trim())) return { field: '/tfa_25', message: FORM_MESSAGES.invalidPhone };
  if (!isEmailValid(body.tfa_26.trim())) return { field: '/tfa_26', message: FORM_MESSAGES.invalidEmail };
  if (body.tfa_27.trim() !== body.tfa_26.trim())
    return { field: '/tfa_27', message: FORM_MESSAGES.emailMismatch };
  return undefined;
}
