import { NativeSelect } from '@mantine/core';
import type { FormOption } from '../../shared/formRules';
import type { BoundField } from './useFormFields';

/** Props of a dropdown bound to a form field. */
export interface FormDropdownProps {
  field: BoundField<string>;
  label: string;
  options: readonly FormOption[];
  required?: boolean;
}

/** The shared dropdown: the browser's own select, which every device and screen reader handles well. */
export function FormDropdown({ field, label, options, required }: FormDropdownProps) {
  return (
    <NativeSelect
      label={label}
      name={field.name}
      withAsterisk={required}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={field.value}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}
