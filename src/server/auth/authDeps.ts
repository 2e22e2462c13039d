import type { AuthLimits } from './authLimits';

/** What the auth route handlers share within one server: its rate limiters. */
export interface AuthDeps {
  limits: AuthLimits;
}
