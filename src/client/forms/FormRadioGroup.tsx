import { Radio, Stack } from '@mantine/core';
import type { FormOption } from '../../shared/formRules';
import type { BoundField } from './useFormFields';

/** Props of a radio group bound to a form field. */
export interface FormRadioGroupProps {
  field: BoundField<string>;
  label: string;
  options: readonly FormOption[];
  required?: boolean;
}

/** The shared radio group: one choice among options, touched when focus leaves any of its radios. */
export function FormRadioGroup({ field, label, options, required }: FormRadioGroupProps) {
  return (
    <Radio.Group
      label={label}
      name={field.name}
      withAsterisk={required}
      value={field.value || null}
      onChange={field.onChange}
      error={field.error}
      // The asterisk stays with the label's last word when a narrow screen wraps the label, and the
      // error keeps clear of the last radio.
      styles={{ required: { whiteSpace: 'nowrap' }, error: { marginTop: 8 } }}
    >
      <Stack gap={8} mt={6} onBlur={field.onBlur}>
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
