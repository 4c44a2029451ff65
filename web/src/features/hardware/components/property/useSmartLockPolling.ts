import { useEffect, useRef } from 'react';

/** Spec 2 §4, §9: the smart lock drawer reads the lock again every 10 s, for 60 s of counted time. */
export const POLL_EVERY_MS = 10_000;
export const POLL_FOR_MS = 60_000;

/**
 * While the drawer is `open` and not `paused` (scheduled codes being edited), calls `refresh`
 * every 10 s until 60 s have been counted, skipping a turn while the last refresh still runs.
 * A pause keeps the count; closing the drawer resets it.
 */
export function useSmartLockPolling(open: boolean, paused: boolean, refresh: () => Promise<unknown>) {
  const counted = useRef(0);
  const running = useRef(false);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });

  useEffect(() => {
    if (!open) counted.current = 0;
  }, [open]);

  useEffect(() => {
    if (!open || paused) return;
    const timer = setInterval(() => {
      if (counted.current >= POLL_FOR_MS) {
        clearInterval(timer);
        return;
      }
      counted.current += POLL_EVERY_MS;
      if (running.current) return;
      running.current = true;
      void latest.current().finally(() => {
        running.current = false;
      });
    }, POLL_EVERY_MS);
    return () => clearInterval(timer);
  }, [open, paused]);
}
