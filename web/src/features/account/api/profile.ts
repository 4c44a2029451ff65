import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Profile, ProfileUpdate, SessionUser } from '../../../api/types';

export const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api<Profile>('/profile', { signal }),
    staleTime: 0,
  });
}

/** PATCH /api/profile answers the updated SessionUser fields. */
export function updateProfile(body: ProfileUpdate) {
  return api<Partial<SessionUser>>('/profile', { method: 'PATCH', body });
}
