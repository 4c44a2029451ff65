import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '../../api/client';
import { useSession } from '../../api/session';
import { adminReturn } from '../../features/auth/api/auth';
import { resetSessionState, useCompleteSignIn } from '../../features/auth/api/session';
import { useNotify } from '../notify';

/**
 * Whom the platform admin is acting as, on every builder screen, with the way back to the admin's
 * own session (and /choose_PM).
 */
export function ActingAsBar() {
  const { user } = useSession();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const completeSignIn = useCompleteSignIn();
  const [busy, setBusy] = useState(false);
  if (!user?.actingAdmin) return null;

  const goBack = async () => {
    setBusy(true);
    try {
      const auth = await adminReturn();
      // What the program manager's session chose and loaded is not the admin's.
      resetSessionState(queryClient);
      await completeSignIn(auth, { to: '/choose_PM' });
    } catch (e) {
      notify.error(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="info"
      role="region"
      aria-label="Acting as"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" disabled={busy} onClick={() => void goBack()}>
          Back to admin
        </Button>
      }
    >
      {user.actingAdmin} is acting as {user.firstName} {user.lastName}
      {user.builder ? ` of ${user.builder}` : ''}.
    </Alert>
  );
}
