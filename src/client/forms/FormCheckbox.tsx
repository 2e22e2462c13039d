import { Checkbox } from '@mantine/core';
import type { BoundField } from './useFormFields';

/** Props of a checkbox bound to a form field. */
export interface FormCheckboxProps {
  field: BoundField<boolean>;
  label: string;
}

/** The shared checkbox. */
export function FormCheckbox({ field, label }: FormCheckboxProps) {
  return (
    <Checkbox
      label={label}
      name={field.name}
      checked={field.value}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}
