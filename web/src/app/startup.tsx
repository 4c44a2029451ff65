// Start-up: catalog and states load together behind a loading screen; the feature flags load
// beside them without blocking (a failed or timed-out load gives empty flags).
import { useMemo, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { api } from '../api/client';
import type { CatalogItem, FeatureFlags, State } from '../api/types';
import { LoadingScreen } from './LoadingScreen';

export const INIT_ERROR = 'Error in initializing app';
const FLAGS_TIMEOUT_MS = 10_000;

// Both are public calls (no 401 before sign-in); a failure is the start-up error.
const catalogQuery = {
  queryKey: ['catalog'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<CatalogItem[]>('/catalog', { signal }),
  staleTime: Infinity,
  retry: 1,
};

const statesQuery = {
  queryKey: ['states'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<State[]>('/states', { signal }),
  staleTime: Infinity,
  retry: 1,
};

/** Catalog type ids (spec 1 section 3). */
export const CATALOG_DISPOSITION = 1;
export const CATALOG_TIMEZONE = 6;
export const CATALOG_LOCK_STATUS = 7;

/** The catalog items of one type, from the start-up load. */
export function useCatalog(typeId: number): CatalogItem[] {
  const { data } = useQuery(catalogQuery);
  return useMemo(() => (data ?? []).filter((item) => item.catalog_type_id === typeId), [data, typeId]);
}

/** The states of the start-up load (`code` is what addresses store). */
export function useStates(): State[] {
  const { data } = useQuery(statesQuery);
  return data ?? NO_STATES;
}
const NO_STATES: State[] = [];

export type Flags = Partial<Record<keyof FeatureFlags, boolean>>;

export function useFeatureFlags(): { flags: Flags; isPending: boolean } {
  const q = useQuery({
    queryKey: ['feature_flags'],
    queryFn: async ({ signal }): Promise<Flags> => {
      try {
        const timeout = AbortSignal.timeout(FLAGS_TIMEOUT_MS);
        const both = AbortSignal.any ? AbortSignal.any([signal, timeout]) : signal;
        return (await api<Flags>('/feature_flags', { signal: both })) ?? {};
      } catch {
        return {};
      }
    },
    refetchOnWindowFocus: true,
    staleTime: 60_000,
  });
  return { flags: q.data ?? {}, isPending: q.isPending };
}

export function StartupGate({ children }: { children: ReactNode }) {
  const [catalog, states] = useQueries({ queries: [catalogQuery, statesQuery] });
  useFeatureFlags();
  if (catalog.isError || states.isError) {
    // A 401 has already cleared the session and reloaded (api client); anything else (the
    // server restarting, the network) may pass, so the user can try again from here.
    const retry = () => {
      if (catalog.isError) void catalog.refetch();
      if (states.isError) void states.refetch();
    };
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry} disabled={catalog.isFetching || states.isFetching}>
              Retry
            </Button>
          }
        >
          {INIT_ERROR}
        </Alert>
      </Box>
    );
  }
  if (catalog.isPending || states.isPending) return <LoadingScreen />;
  return <>{children}</>;
}
