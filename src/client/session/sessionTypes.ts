import type { ClaimsResponse, TokenResponse } from '../../shared/api/types';

/** The authentication response of POST /token (SPEC.md section 3), kept under the jwt storage key. */
export type AuthTokens = TokenResponse;

/** The user info of POST /claims, kept under the claims storage key. */
export type UserInfo = ClaimsResponse;

export type { Claim } from '../../shared/api/types';

/** Whether the session is an impersonation and the impersonator's username. */
export interface ImpersonationInfo {
  isImpersonating: boolean;
  impersonator: string | null;
}

/** Everything the app knows about the current sign-in. */
export interface SessionSnapshot {
  tokens: AuthTokens | undefined;
  user: UserInfo | undefined;
  impersonation: ImpersonationInfo;
}
