// The global message bar's texts for HTTP 5xx (SPEC.md section 8). The server sends the same words
// in the body of its own 5xx answers, so a client that shows the body says what the bar says.

/** Who users are told to contact when the service fails. */
export const SUPPORT_CONTACT = 'LeaseHawk Support at support@leasehawk.com';

/** HTTP 504. */
export const TIMEOUT_MESSAGE = `The request took too long to complete. Please try again, or contact ${SUPPORT_CONTACT} if this keeps happening.`;
/** HTTP 500. */
export const INTERNAL_ERROR_MESSAGE = `An internal server error occurred. Please reload the page, or contact ${SUPPORT_CONTACT} if the problem continues.`;
/** Any other 5xx, such as a 503 while the database is out of reach. */
export const SERVICE_ERROR_MESSAGE =
  'The service is temporarily unavailable. Please try again in a few minutes.';
