import type { FastifyReply } from 'fastify';
import { tooManyMessage } from './authLimits';

/** The error codes of the auth routes (schemas/api/auth/auth-error.json lists which status carries which). */
export type AuthErrorCode =
  | 'invalid_grant'
  | 'invalid_token'
  | 'invalid_impersonation_token'
  | 'invalid_reset_token'
  | 'access_denied'
  | 'unknown_username'
  | 'too_many_requests';

/** Answers a refusal as `{ error, message }`. */
export function refuse(reply: FastifyReply, status: number, error: AuthErrorCode, message: string) {
  return reply.status(status).send({ error, message });
}

/** Answers 429 with Retry-After and a message saying how long to wait. */
export function tooMany(reply: FastifyReply, retryAfterSeconds: number, what: string) {
  reply.header('retry-after', String(retryAfterSeconds));
  return refuse(reply, 429, 'too_many_requests', tooManyMessage(what, retryAfterSeconds));
}

/** The sign-in refusal messages the client shows as they are (SPEC.md section 8). */
export const MESSAGES = {
  wrongCredentials: 'Invalid username or password',
  noPermission: 'You must request permission to use HawkEye',
  badImpersonationCode: 'Impersonation code expired or does not exist',
  unknownUsername: 'The username entered does not match our records',
  badResetToken: 'Invalid reset token - please contact support',
} as const;
