/**
 * Every screen of the layout needs an account: without a session it is not rendered (no calls,
 * no 403, no half-empty screen) and the visitor goes to the login page, which comes back here.
 */
import { Navigate, useLocation } from '@umijs/max';
import type { ReactNode } from 'react';
import { getToken } from './session';
import { loginPathFor } from './redirect';

export default function LoginRequired({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (getToken()) return <>{children}</>;
  return <Navigate to={loginPathFor(location)} replace />;
}
