import { Button } from '@mantine/core';

/** Props of a form's submit button. */
export interface FormButtonProps {
  /** True while the request is pending: the button reads 'Sending...' and cannot be pressed. */
  pending: boolean;
  label?: string;
  pendingLabel?: string;
}

/** The shared submit button: 'Submit', or 'Sending...' while pending. */
export function FormButton({ pending, label = 'Submit', pendingLabel = 'Sending...' }: FormButtonProps) {
  return (
    <Button type="submit" disabled={pending} aria-busy={pending} size="md" miw={140}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
