import type { AuthLimits } from './authLimits';

/** What the auth route handlers share within one server: its rate limiters. */
export interface AuthDeps {
  limits: AuthLimits;
}

/** POST /token body, as schemas/api/auth/token-request.json describes it. */
export interface TokenRequest {
  grantType: 'password' | 'refresh_token' | 'impersonation';
  clientId: 'HawkEye';
  username?: string;
  password?: string;
  refreshToken?: string;
  impersonationToken?: string;
}
