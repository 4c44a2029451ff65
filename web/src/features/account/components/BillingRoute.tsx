import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../../api/session';
import { LoadingScreen } from '../../../app/LoadingScreen';
import { useFeatureFlags } from '../../../app/startup';
import { billingAvailable } from '../billingAccess';

/**
 * /account/billing and below: the billing pages when BILLING_UI is on and the user is a program
 * manager, otherwise a redirect to edit-profile (it waits for the feature flags to load). The
 * billing pages come with their issue; until they are passed in, every user is redirected.
 */
export function BillingRoute({ children }: { children?: ReactNode }) {
  const { flags, isPending } = useFeatureFlags();
  const { user } = useSession();
  if (isPending) return <LoadingScreen />;
  if (!children || !billingAvailable(flags, user)) return <Navigate to="/account/edit-profile" replace />;
  return <>{children}</>;
}
