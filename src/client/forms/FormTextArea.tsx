import { Textarea } from '@mantine/core';
import { FORM_MESSAGES } from '../../shared/formRules';
import type { BoundField } from './useFormFields';

/** The least height of a text area (SPEC.md section 9). */
export const TEXTAREA_MIN_HEIGHT = 124;

/** Props of a text area bound to a form field. */
export interface FormTextAreaProps {
  field: BoundField<string>;
  label: string;
  /** The field's name in its error messages, e.g. 'Description' gives 'Description is required'. */
  errorName?: string;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
}

/**
 * The shared text area. Its messages are its own (SPEC.md section 5): 'is required', or 'has an
 * unknown error' for any other broken rule, after the field's name.
 */
export function FormTextArea({ field, label, errorName = label, required, ...rest }: FormTextAreaProps) {
  const error =
    field.error === undefined
      ? undefined
      : `${errorName} ${field.error === FORM_MESSAGES.required ? FORM_MESSAGES.textAreaRequired : FORM_MESSAGES.textAreaUnknown}`;
  return (
    <Textarea
      {...rest}
      label={label}
      name={field.name}
      withAsterisk={required}
      rows={5}
      resize="vertical"
      styles={{ input: { minHeight: TEXTAREA_MIN_HEIGHT } }}
      value={field.value}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
