import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../api/client';
import type { CustomerDetail, CustomerRow, CustomerUpdated } from '../../../api/types';
import { LIST_KEY, useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

export const CUSTOMERS_AREA = 'customers';

/** The list's filters (spec 2 §2), with the enterprise user's builder. */
export const CUSTOMER_FILTERS = ['customerStatus', 'visitorType', 'lastStatus', 'filterByBuilder'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

/** The values each filter offers (spec 2 §9). */
export const CUSTOMER_STATUSES = ['Blacklisted', 'Not blacklisted'] as const;
export const VISITOR_TYPES = ['V', 'CL', 'AG', 'TC'] as const;
export const LAST_VISIT_STATUSES = ['Accessed', 'NC', 'NA-V', 'NA-T', 'NA-L'] as const;

/** visitor_status_id of a blacklisted customer, and of one who is not (spec 2 §9). */
export const BLACKLISTED = 155;
export const NOT_BLACKLISTED = 154;

export function useCustomerList(list: ListController<CustomerFilter>) {
  return useListQuery<CustomerRow, CustomerFilter>(list);
}

/** Under the lists' key, so the loading bar shows while a customer loads (spec 2 §2). */
const customerKey = (id: string) => [LIST_KEY, CUSTOMERS_AREA, 'detail', id] as const;

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKey(id),
    queryFn: ({ signal }) => api<CustomerDetail>(`/customers/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The selfie the visitor took on the tour page (staff only), once they have one. */
export function useCustomerSelfie(id: number, takenOn: string | null | undefined) {
  return useQuery({
    queryKey: [CUSTOMERS_AREA, 'selfie', id, takenOn],
    queryFn: ({ signal }) => apiBlob(`/customers/${id}/selfie`, { signal, accept: 'image/webp' }),
    enabled: !!takenOn,
    staleTime: Infinity,
  });
}

/** The blacklist switch: visitor_status_id 155 when on, 154 when off. */
export function useBlacklist(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blacklisted: boolean) =>
      api<CustomerUpdated>(`/customers/${encodeURIComponent(id)}`, {
        method: 'POST',
        body: { customer_id: Number(id), visitor_status_id: blacklisted ? BLACKLISTED : NOT_BLACKLISTED },
      }),
    onSuccess: (updated) => {
      client.setQueryData(customerKey(id), updated.customer);
      // The list's status column and filter read the new status.
      void client.invalidateQueries({ queryKey: [LIST_KEY, CUSTOMERS_AREA], refetchType: 'none' });
    },
  });
}
