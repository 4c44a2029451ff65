// Sign-in completion, routing after sign-in, and log-out.
import { useCallback } from 'react';
import { useNavigate, type Location } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../api/session';
import { resetStores } from '../../../lib/store';
import type { AuthResponse, SessionUser } from '../../../api/types';
import { EnterpriseSignInError, enterpriseUser, signOut } from './auth';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where a freshly signed-in user goes (before the enterprise re-authentication). */
export function destinationAfterSignIn(user: SessionUser, from?: FromState['from']): string {
  if (user.isAdmin) return '/choose_PM';
  if (user.isEnterprise) return user.enterpriseId ? '/' : '/choose_builder';
  if (from && from.pathname && from.pathname !== '/login')
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return '/';
}

/**
 * Stores a sign-in and moves on: admin → /choose_PM; enterprise user with an enterpriseId →
 * re-authenticated as enterprise user for their builder, then /; without one → /choose_builder;
 * others → where they came from, or /. With `to`, stores the session and goes there (the choose
 * pages, whose answers are final). A failed re-authentication throws `EnterpriseSignInError`
 * (the server's message), never a sign-in error.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (auth: AuthResponse, options: { from?: FromState['from']; to?: string } = {}) => {
      let { token, user } = auth;
      sessionStore.signIn(token, user);
      if (options.to === undefined && !user.isAdmin && user.isEnterprise && user.enterpriseId) {
        try {
          ({ token, user } = await enterpriseUser(user.username, user.builderId ?? 0));
        } catch (e) {
          sessionStore.clear();
          throw new EnterpriseSignInError(e);
        }
        sessionStore.signIn(token, user);
      }
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
      void queryClient.invalidateQueries({ queryKey: ['states'] });
      void queryClient.invalidateQueries({ queryKey: ['feature_flags'] });
      navigate(options.to ?? destinationAfterSignIn(user, options.from), { replace: true });
    },
    [navigate, queryClient],
  );
}

/** Resets every client-side state that belongs to a session. */
export function resetClientState(queryClient: QueryClient) {
  sessionStore.clear();
  resetSessionState(queryClient);
}

/** Resets what a session chose and loaded (builder choice, list states, report dates, answers),
 *  not the session. */
export function resetSessionState(queryClient: QueryClient) {
  resetStores();
  queryClient.removeQueries({
    predicate: (q) => !['catalog', 'states'].includes(String(q.queryKey[0])),
  });
}

/**
 * Log out: ends the session on the server, then clears token and user, resets all state, goes
 * to /. When the server cannot be reached the console signs out all the same.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      // Unreachable or already ended: nothing more to revoke from here.
    }
    resetClientState(queryClient);
    navigate('/', { replace: true });
  }, [navigate, queryClient]);
}
