import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../../api/client';
import type { MessageBody } from '../../../../api/types';
import { useNotify } from '../../../../app/notify';
import { serverErrorText } from '../../../../components/form';
import type { FieldErrors } from './codeRules';
import { hubKey } from '../../api/devices';

export interface RunOptions {
  /** A 422's messages are kept by field for the form to show. */
  fields?: boolean;
  /** A failure becomes an error toast: the server's words, else this text (the smart lock's). */
  failText?: string;
}

/**
 * One device command at a time: its answer's message as a success toast, then `onDone`. The spec
 * keeps hub device failures out of the toasts, so by default the device's words are kept in
 * `error` for the card or editor to show.
 */
export function useCommand(onDone: () => unknown) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const run = async (call: () => Promise<MessageBody>, options: RunOptions = {}): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const res = await call();
      notify.success(res.message);
      await onDone();
      return true;
    } catch (e) {
      if (options.fields && e instanceof ApiError && e.errors) setFieldErrors(e.errors);
      else if (options.failText) {
        const words = e instanceof ApiError && typeof e.body?.message === 'string' ? e.body.message : undefined;
        notify.error(words ?? options.failText);
      } else setError(serverErrorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, fieldErrors, run, clearFieldErrors: () => setFieldErrors({}) };
}

/** A hub command: afterwards the hub's info and devices are read again, so a change of one lock
 * also shows on the first lock's summary (spec 2 §4). */
export function useHubCommand(hubId: number) {
  const queryClient = useQueryClient();
  return useCommand(() => queryClient.invalidateQueries({ queryKey: hubKey(hubId) }));
}
