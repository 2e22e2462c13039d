import { showMessage } from '../messages/messageBus';

/** Who users are told to contact when the service fails. */
export const SUPPORT_CONTACT = 'LeaseHawk Support at support@leasehawk.com';

export const TIMEOUT_MESSAGE = `The request took too long to complete. Please try again, or contact ${SUPPORT_CONTACT} if this keeps happening.`;
export const INTERNAL_ERROR_MESSAGE = `An internal server error occurred. Please reload the page, or contact ${SUPPORT_CONTACT} if the problem continues.`;
export const SERVICE_ERROR_MESSAGE =
  'The service is temporarily unavailable. Please try again in a few minutes.';

/** Seconds a timeout message stays up (SPEC.md section 9). */
export const TIMEOUT_MESSAGE_SECONDS = 10;

/** Puts an HTTP 5xx on the global message bar (SPEC.md section 8). */
export function reportServerError(status: number): void {
  if (status === 504)
    showMessage({ type: 'timeout', text: TIMEOUT_MESSAGE, autoCloseSeconds: TIMEOUT_MESSAGE_SECONDS });
  else if (status === 500) showMessage({ type: 'internal-server-error', text: INTERNAL_ERROR_MESSAGE });
  else showMessage({ type: 'server-error', text: SERVICE_ERROR_MESSAGE });
}
