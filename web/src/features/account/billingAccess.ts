import type { SessionUser } from '../../api/types';
import type { Flags } from '../../app/startup';

/** Spec 3: Billing (tab and /account/billing) needs the BILLING_UI flag and a program manager. */
export function billingAvailable(flags: Flags, user: Pick<SessionUser, 'isPM'> | null): boolean {
  return flags.BILLING_UI === true && !!user?.isPM;
}
