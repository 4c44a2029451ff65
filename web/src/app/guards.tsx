import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionStore, useSession } from '../api/session';
import { hasRole, type RoleLabel } from './roles';

export interface RequireAuthProps {
  /** Role labels allowed (PM, USER, OTHER STAFF); none means any signed-in user. */
  roles?: readonly RoleLabel[];
  /** Extra user flag needed: the admin's and enterprise user's choice pages. */
  only?: 'admin' | 'enterprise';
  /** The builder's screens: the platform admin reaches them only acting as a program manager. */
  builderScreens?: boolean;
  children?: ReactNode;
}

/**
 * A protected route: needs a token and, if it lists roles, a matching role; otherwise the user is
 * sent to /login with the origin kept in `state.from`.
 */
/** What the platform admin, not acting as anyone, may open among the builder's screens. */
const ADMIN_OWN_PAGES = ['/outbox', '/account/edit-profile'];

export function RequireAuth({ roles, only, builderScreens, children }: RequireAuthProps) {
  const { token, user } = useSession();
  const location = useLocation();
  const allowed =
    token !== null &&
    user !== null &&
    hasRole(user, roles) &&
    (only !== 'admin' || user.isAdmin) &&
    (only !== 'enterprise' || user.isEnterprise);
  if (!allowed) return <Navigate to="/login" replace state={{ from: location }} />;
  if (builderScreens && user.isAdmin && !ADMIN_OWN_PAGES.some((p) => location.pathname.startsWith(p)))
    return <Navigate to="/choose_PM" replace />;
  return children ? <>{children}</> : <Outlet />;
}

/**
 * Public-only route (sign-in, password reset): a user who arrives signed in is redirected to /.
 * Only the session at arrival counts, so that the page itself decides where to go after signing in.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const [signedInOnArrival] = useState(() => sessionStore.get().token !== null);
  if (signedInOnArrival) return <Navigate to="/" replace />;
  return <>{children}</>;
}
