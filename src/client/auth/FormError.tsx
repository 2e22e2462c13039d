import { Alert } from '@mantine/core';

/** The red alert above a sign-in page's fields, shown only while there is a message. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
