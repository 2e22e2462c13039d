import { Alert } from '@mantine/core';

/** Props of the banners above a form. */
export interface FormBannersProps {
  error?: string;
  success?: string;
}

/** The error banner and the success banner above a form (SPEC.md section 8). */
export function FormBanners({ error, success }: FormBannersProps) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="form-error">
          {error}
        </Alert>
      )}
      {success && (
        <Alert color="green" variant="light" role="status" data-testid="form-success">
          {success}
        </Alert>
      )}
    </>
  );
}
