import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import type { Community } from '../../api/types';
import { useNotify } from '../../app/notify';
import { applyServerErrors, serverErrorText } from '../../components/form';
import { LIST_KEY } from '../../components/list/useListQuery';
import { COMMUNITIES_AREA, saveCommunity } from './api/communities';
import { SERVER_FIELDS, toCommunityInput, type CommunityFormValues } from './communitySchema';

/**
 * Saving the whole community (detail page and wizard alike): on success the server's `Saved!` and
 * back to a refreshed /communities; on failure the field errors go under their fields (the
 * caller is told which, to show their tab or step) and the message shows.
 */
export function useCommunitySubmit({
  community,
  chooseBuilder,
  setError,
  onFieldErrors,
}: {
  community: Community | null;
  chooseBuilder: boolean;
  setError: UseFormSetError<CommunityFormValues>;
  onFieldErrors(fields: Record<string, true>): void;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (values: CommunityFormValues) => {
    try {
      const res = await saveCommunity(toCommunityInput(values, { community, chooseBuilder }));
      notify.success(res.message);
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, COMMUNITIES_AREA] });
      void queryClient.invalidateQueries({ queryKey: ['communities'] });
      navigate('/communities');
    } catch (e) {
      // The spec logs community save failures; the console also shows them.
      console.error('Community save failed', e);
      notify.error(serverErrorText(e));
      if (applyServerErrors(e, setError, SERVER_FIELDS) && e instanceof ApiError && e.errors) {
        const fields = Object.keys(e.errors).flatMap((k) => (SERVER_FIELDS[k] ? [SERVER_FIELDS[k]] : []));
        onFieldErrors(Object.fromEntries(fields.map((f) => [f, true as const])));
      }
    }
  };
}
