import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { returnPathOf } from './returnPath';

/**
 * Routes for signed-in users only; everyone else goes to /login, which remembers the address (a
 * shared link) to return to after signing in.
 */
export function RequireAuth() {
  const { tokens, user } = useSession();
  const { pathname, search } = useLocation();
  if (tokens?.accessToken && user) return <Outlet />;
  return <Navigate to="/login" replace state={{ returnTo: `${pathname}${search}` }} />;
}

/**
 * Routes for signed-out users only (sign-in pages); signed-in users go to the address they were
 * sent to sign in from, else to /dashboard.
 */
export function LoginOnly() {
  const { tokens, user } = useSession();
  const { state } = useLocation();
  return tokens?.accessToken && user ? <Navigate to={returnPathOf(state)} replace /> : <Outlet />;
}
