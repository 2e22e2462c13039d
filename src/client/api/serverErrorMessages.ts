import {
  INTERNAL_ERROR_MESSAGE,
  SERVICE_ERROR_MESSAGE,
  SUPPORT_CONTACT,
  TIMEOUT_MESSAGE,
} from '../../shared/serverErrorMessages';
import { showMessage } from '../messages/messageBus';

export { INTERNAL_ERROR_MESSAGE, SERVICE_ERROR_MESSAGE, SUPPORT_CONTACT, TIMEOUT_MESSAGE };

/** Seconds a timeout message stays up (SPEC.md section 9). */
export const TIMEOUT_MESSAGE_SECONDS = 10;

/** Puts an HTTP 5xx on the global message bar (SPEC.md section 8). */
export function reportServerError(status: number): void {
  if (status === 504)
    showMessage({ type: 'timeout', text: TIMEOUT_MESSAGE, autoCloseSeconds: TIMEOUT_MESSAGE_SECONDS });
  else if (status === 500) showMessage({ type: 'internal-server-error', text: INTERNAL_ERROR_MESSAGE });
  else showMessage({ type: 'server-error', text: SERVICE_ERROR_MESSAGE });
}
