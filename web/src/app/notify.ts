// Snackbars: success, error, info and warning; each added with a timestamp id and removable by id.
import { useMemo } from 'react';
import { useSnackbar, type VariantType } from 'notistack';

let lastId = 0;
/** Timestamp ids, kept unique when two arrive in the same millisecond. */
function nextId(): number {
  lastId = Math.max(Date.now(), lastId + 1);
  return lastId;
}

export interface Notify {
  success(message: string): number;
  error(message: string): number;
  info(message: string): number;
  warning(message: string): number;
  remove(id: number): void;
}

export function useNotify(): Notify {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo(() => {
    const add = (variant: VariantType) => (message: string) => {
      const id = nextId();
      enqueueSnackbar(message, { variant, key: id });
      return id;
    };
    return {
      success: add('success'),
      error: add('error'),
      info: add('info'),
      warning: add('warning'),
      remove: (id: number) => closeSnackbar(id),
    };
  }, [enqueueSnackbar, closeSnackbar]);
}
