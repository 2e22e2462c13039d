import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../session/useSession';

/** Routes for signed-in users only; everyone else goes to /login. */
export function RequireAuth() {
  const { tokens, user } = useSession();
  return tokens?.accessToken && user ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Routes for signed-out users only (sign-in pages); signed-in users go to /dashboard. */
export function LoginOnly() {
  const { tokens, user } = useSession();
  return tokens?.accessToken && user ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
