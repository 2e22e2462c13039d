import type { Config } from '../config';
import type { Queryable } from '../store';
import { issueRefreshToken } from './refreshTokens';
import { signAccessToken, signExtendedToken } from './tokens';
import { type UserRecord, userAccountIds } from './userLookup';

/** The authentication response of POST /token (SPEC.md section 3), plus the access token's lifetime. */
export interface AuthResponse {
  accessToken: string;
  refreshToken: string;
  userId: number;
  extendedDataToken: string;
  expiresIn: number;
}

/**
 * Issues the tokens of a session: an access token (carrying the impersonator, if any), a refresh
 * token (a new family, or the family being rotated) and an extended data token with the user's
 * accounts read afresh, so that a changed grant takes effect at the next refresh. `refreshToken`
 * names the refresh token to hand out: a rotation's successor, to be stored, or one already stored
 * (`issued`) that a retried refresh is answered again.
 */
export async function issueSession(
  db: Queryable,
  config: Config,
  user: Pick<UserRecord, 'id' | 'username' | 'allAccountAccess'>,
  opts: {
    impersonator?: string;
    familyId?: string;
    refreshToken?: { token: string; issued: boolean };
  } = {},
): Promise<AuthResponse> {
  const accountIds = user.allAccountAccess ? [] : await userAccountIds(db, user.id);
  const given = opts.refreshToken;
  const refresh =
    given?.issued && opts.familyId
      ? { token: given.token, familyId: opts.familyId }
      : await issueRefreshToken(
          db,
          config.refreshTokenTtlSeconds,
          { userId: user.id, impersonator: opts.impersonator, familyId: opts.familyId },
          config.now?.(),
          given?.token,
        );
  const accessToken = await signAccessToken(config, {
    userId: user.id,
    username: user.username,
    sessionId: refresh.familyId,
    ...(opts.impersonator ? { impersonator: opts.impersonator } : {}),
  });
  // The data token lives as long as the access token: a revoked account stops being readable
  // within one access-token lifetime, and every refresh hands out a fresh one.
  const extendedDataToken = await signExtendedToken(
    config,
    { userId: user.id, sessionId: refresh.familyId, allAccounts: user.allAccountAccess, accountIds },
    config.accessTokenTtlSeconds,
  );
  return {
    accessToken,
    refreshToken: refresh.token,
    userId: user.id,
    extendedDataToken,
    expiresIn: config.accessTokenTtlSeconds,
  };
}
