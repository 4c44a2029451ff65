import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ListResponse } from '../../api/types';
import { useBuilderIdParam } from '../../app/builderSelection';
import type { ListController } from './useListParams';

/** Query keys of list calls start with 'list': the shell shows its progress bar while any loads. */
export const LIST_KEY = 'list';

export interface ListQueryOptions<T> {
  /** Reshapes the answer before the screen sees it (the communities list drops duplicate rows). */
  select?(answer: ListResponse<T>): ListResponse<T>;
  /** False for lists that must not reload when the window regains focus (hardware history). */
  refetchOnWindowFocus?: boolean;
  /** False while the list cannot be asked for yet (a report without its dates). */
  enabled?: boolean;
}

/** Fetches `GET /api/{area}` with the list's query and the enterprise builder selection. */
export function useListQuery<T, F extends string = string>(
  list: ListController<F>,
  options: ListQueryOptions<T> = {},
): UseQueryResult<ListResponse<T>> {
  const builderId = useBuilderIdParam();
  const query = { ...list.query, builderId };
  return useQuery({
    queryKey: [LIST_KEY, list.area, query],
    queryFn: ({ signal }) => api<ListResponse<T>>(`/${list.area}`, { query, signal }),
    placeholderData: keepPreviousData,
    select: options.select,
    refetchOnWindowFocus: options.refetchOnWindowFocus,
    enabled: options.enabled,
  });
}
