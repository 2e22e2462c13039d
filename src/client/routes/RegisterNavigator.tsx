import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setNavigator } from '../session/navigation';

/** Lets the API client and sign-out navigate with the router instead of reloading the page. */
export function RegisterNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path, opts) => navigate(path, { replace: opts?.replace }));
  }, [navigate]);
  return null;
}
