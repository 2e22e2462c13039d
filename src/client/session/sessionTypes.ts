/** The authentication response of POST /token (SPEC.md section 3). */
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
  userId: number | string;
  /** Sent with every data request; carries the user's data scope. */
  extendedDataToken: string;
}

/** One claim of the signed-in user. */
export interface Claim {
  type: string;
  value: string;
}

/** The user info of POST /claims. */
export interface UserInfo {
  username: string;
  firstName: string;
  lastName: string;
  /** Prefills the feedback and support forms. */
  email?: string;
  allAccountAccess: boolean;
  claims: Claim[];
  isImpersonating?: boolean;
  impersonator?: string | null;
}

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
