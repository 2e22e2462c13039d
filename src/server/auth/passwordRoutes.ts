import type { FastifyInstance } from 'fastify';
import forgotPasswordRequestSchema from '../../../schemas/api/auth/forgot-password-request.json';
import okResponseSchema from '../../../schemas/api/auth/ok-response.json';
import resetPasswordRequestSchema from '../../../schemas/api/auth/reset-password-request.json';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '../../shared/api/types';
import { passwordPolicyError } from '../../shared/passwordPolicy';
import { sendMail } from '../mail/sendMail';
import { responseSchema } from '../schemaValidation';
import type { AuthDeps } from './authDeps';
import { reserveAll } from './authLimits';
import { revokeUserSessions } from './refreshTokens';
import { MESSAGES, refuse, tooMany } from './replies';
import { resetEmail } from './resetEmail';
import { createResetToken, spendResetToken } from './resetTokens';
import { findUserById, findUserByUsername, usernameKey } from './userLookup';
import { setPassword } from './users';

/**
 * POST /forgotpassword { username } and POST /reset-password { token, password }.
 * Forgot password: 404 for an unknown username (the client says it does not match our records),
 * 429 when asked too often, otherwise a single-use link valid RESET_TOKEN_TTL_SECONDS is emailed.
 * Reset password: 400 with the policy message for a weak password, 401 for an unknown, used or
 * expired token; success ends every session of the user.
 */
export function registerPasswordRoutes(scope: FastifyInstance, deps: AuthDeps): void {
  const ok = { 200: responseSchema(okResponseSchema) };

  scope.post<{ Body: ForgotPasswordRequest }>(
    '/forgotpassword',
    { schema: { body: forgotPasswordRequestSchema, response: ok } },
    async (request, reply) => {
      const { store, config } = request.server.ctx;
      const { forgotPerUsername, forgotPerAddress } = deps.limits;
      const username = request.body.username.trim();
      // Every request counts, found or not: each may send an email or probe a username.
      const attempt = await reserveAll([
        [forgotPerUsername, usernameKey(username)],
        [forgotPerAddress, request.ip],
      ]);
      if (!attempt.allowed) return tooMany(reply, attempt.retryAfterSeconds, 'password reset requests');

      const user = await findUserByUsername(store, username);
      if (!user?.isActive) return refuse(reply, 404, 'unknown_username', MESSAGES.unknownUsername);
      const token = await createResetToken(store, user.id, config.resetTokenTtlSeconds);
      const link = `${config.publicUrl.replace(/\/+$/, '')}/reset-password/${token}`;
      const delivery = await sendMail(
        { config, log: request.log },
        resetEmail(user, link, config.resetTokenTtlSeconds),
      );
      // Without SMTP the link is only in the outbox file: log it so a developer can follow it.
      if (delivery.via === 'outbox')
        request.log.info({ username: user.username, link }, 'password reset link');
      return { ok: true as const, message: 'Password reset instructions have been sent' };
    },
  );

  scope.post<{ Body: ResetPasswordRequest }>(
    '/reset-password',
    { schema: { body: resetPasswordRequestSchema, response: ok } },
    async (request, reply) => {
      const { store } = request.server.ctx;
      const policy = passwordPolicyError(request.body.password);
      if (policy)
        return reply.status(400).send({ error: 'Bad Request', message: policy, field: '/password' });
      const userId = await store.transaction(async (tx) => {
        const id = await spendResetToken(tx, request.body.token);
        if (id === undefined) return undefined;
        await setPassword(tx, id, request.body.password);
        // A reset usually means the old password is not trusted: sign out everywhere.
        await revokeUserSessions(tx, id);
        return id;
      });
      if (userId === undefined) return refuse(reply, 401, 'invalid_reset_token', MESSAGES.badResetToken);
      const user = await findUserById(store, userId);
      // The owner proved control of the mailbox: let them sign in at once, whatever failed before.
      if (user) await deps.limits.loginPerUsername.reset(usernameKey(user.username));
      return { ok: true as const, message: 'Password reset successfully' };
    },
  );
}
