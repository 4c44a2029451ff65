import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';

/**
 * A visitor's form sent to the server: the fields' own errors first (nothing is sent while
 * there are any), then the call; the server's field errors land on their fields, another failure
 * is shown whole. A 409 (already done, from another tab) counts as done.
 */
export function useTourSubmit(onDone: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (missing: Record<string, string>, send: () => Promise<unknown>) => {
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await send();
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) onDone();
      else if (e instanceof ApiError && e.errors) setErrors(e.errors);
      else setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { errors, failure, busy, submit };
}
