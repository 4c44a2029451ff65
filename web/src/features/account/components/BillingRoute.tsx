import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import Alert from '@mui/material/Alert';
import { useSession } from '../../../api/session';
import { LoadingScreen } from '../../../app/LoadingScreen';
import { useFeatureFlags } from '../../../app/startup';
import { billingAvailable } from '../billingAccess';

export const BILLING_LATER = 'Billing comes in a later release';

/**
 * /account/billing and below: with BILLING_UI on and a program manager, the billing pages (or,
 * until the billing issue passes them in, a panel saying they come later); anyone else is
 * redirected to edit-profile. It waits for the feature flags to load.
 */
export function BillingRoute({ children }: { children?: ReactNode }) {
  const { flags, isPending } = useFeatureFlags();
  const { user } = useSession();
  if (isPending) return <LoadingScreen />;
  if (!billingAvailable(flags, user)) return <Navigate to="/account/edit-profile" replace />;
  if (children) return <>{children}</>;
  return <Alert severity="info">{BILLING_LATER}: invoices, past-due and paid invoices will show here.</Alert>;
}
