import { TextInput } from '@mantine/core';
import type { BoundField } from './useFormFields';

/** Props of a single-line text field bound to a form field. */
export interface FormTextFieldProps {
  field: BoundField<string>;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  /** Rewrites what is typed before it is stored (the phone input mask). */
  mask?: (raw: string) => string;
}

/** The shared text field: label, value, and the field's first error once it is dirty or touched. */
export function FormTextField({ field, label, required, type = 'text', mask, ...rest }: FormTextFieldProps) {
  return (
    <TextInput
      {...rest}
      label={label}
      name={field.name}
      type={type}
      inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
      withAsterisk={required}
      value={field.value}
      onChange={(e) => field.onChange(mask ? mask(e.currentTarget.value) : e.currentTarget.value)}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}
