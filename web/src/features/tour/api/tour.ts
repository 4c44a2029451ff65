import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { TourCommunity, TourHome } from '../../../api/types';

/** A home's public page (no sign-in). */
export function useTourHome(webflow: string, id: number) {
  return useQuery({
    queryKey: ['tour', webflow, 'property', id],
    queryFn: ({ signal }) => api<TourHome>(`/tour/${encodeURIComponent(webflow)}/property/${id}`, { signal }),
  });
}

/** A community's public page: its homes open to tours. */
export function useTourCommunity(webflow: string, id: number) {
  return useQuery({
    queryKey: ['tour', webflow, 'community', id],
    queryFn: ({ signal }) => api<TourCommunity>(`/tour/${encodeURIComponent(webflow)}/community/${id}`, { signal }),
  });
}
