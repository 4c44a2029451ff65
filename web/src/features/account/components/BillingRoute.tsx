import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../../api/session';
import { LoadingScreen } from '../../../app/LoadingScreen';
import { useFeatureFlags } from '../../../app/startup';
import { billingAvailable } from '../billingAccess';

const AccountBilling = lazy(() => import('../../billing/components/AccountBilling'));

/**
 * /account/billing and below: with BILLING_UI on and a program manager, the billing pages
 * (`children`, else the invoices, past-due and paid tabs and each invoice's page); anyone else
 * is redirected to edit-profile. It waits for the feature flags to load.
 */
export function BillingRoute({ children }: { children?: ReactNode }) {
  const { flags, isPending } = useFeatureFlags();
  const { user } = useSession();
  if (isPending) return <LoadingScreen />;
  if (!billingAvailable(flags, user)) return <Navigate to="/account/edit-profile" replace />;
  if (children) return <>{children}</>;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AccountBilling />
    </Suspense>
  );
}
