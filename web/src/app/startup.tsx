// Start-up: catalog and states load together behind a loading screen; the feature flags load
// beside them without blocking (a failed or timed-out load gives empty flags).
import type { ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { api, ApiError } from '../api/client';
import { sessionStore } from '../api/session';
import type { CatalogItem, FeatureFlags, State } from '../api/types';
import { LoadingScreen } from './LoadingScreen';

export const INIT_ERROR = 'Error in initializing app';
const FLAGS_TIMEOUT_MS = 10_000;

/** A 401 before anyone signed in must not block the sign-in page: treat it as empty data. */
async function reference<T>(path: string, signal: AbortSignal): Promise<T[]> {
  try {
    return await api<T[]>(path, { signal });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401 && !sessionStore.get().token) return [];
    throw e;
  }
}

export const catalogQuery = {
  queryKey: ['catalog'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => reference<CatalogItem>('/catalog', signal),
  staleTime: Infinity,
  retry: 1,
};

export const statesQuery = {
  queryKey: ['states'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => reference<State>('/states', signal),
  staleTime: Infinity,
  retry: 1,
};

export function useCatalog(catalogTypeId?: number): CatalogItem[] {
  const { data } = useQuery(catalogQuery);
  const all = data ?? [];
  return catalogTypeId === undefined ? all : all.filter((c) => c.catalog_type_id === catalogTypeId);
}

export function useStates(): State[] {
  return useQuery(statesQuery).data ?? [];
}

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
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <Alert severity="error">{INIT_ERROR}</Alert>
      </Box>
    );
  }
  if (catalog.isPending || states.isPending) return <LoadingScreen />;
  return <>{children}</>;
}
