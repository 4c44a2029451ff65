import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Training } from '../../../api/types';

/** GET /api/training: the fixed catalogue; video and thumbnail addresses may be null. */
export function useTraining() {
  return useQuery({
    queryKey: ['training'],
    queryFn: ({ signal }) => api<Training>('/training', { signal }),
    staleTime: 60 * 60_000,
  });
}
