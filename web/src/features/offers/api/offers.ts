import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { OfferRow } from '../../../api/types';
import { LIST_KEY, useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

export const OFFERS_AREA = 'offers';

export function useOfferList(list: ListController) {
  return useListQuery<OfferRow>(list);
}

/** Under the lists' key, so the loading bar shows while it loads. */
export function useOffer(id: string) {
  return useQuery({
    queryKey: [LIST_KEY, OFFERS_AREA, 'detail', id],
    queryFn: ({ signal }) => api<OfferRow>(`/offers/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The list's title and sidebar entry: "Ready to Rent" for rental accounts (spec 2 §2). */
export const offersTitle = (isRental: boolean) => (isRental ? 'Ready to Rent' : 'Ready to Buy');

/** `email`, or any other value meaning phone (spec 2 §3). */
export const contactLabel = (preferred: string) => (preferred === 'email' ? 'Email' : 'Phone');
