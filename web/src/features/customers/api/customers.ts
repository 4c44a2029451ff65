import type { CustomerRow } from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

export const CUSTOMERS_AREA = 'customers';

/** The list's filters (spec 2 §2), with the enterprise user's builder. */
export const CUSTOMER_FILTERS = ['customerStatus', 'visitorType', 'lastStatus', 'filterByBuilder'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

/** The values each filter offers (spec 2 §9). */
export const CUSTOMER_STATUSES = ['Blacklisted', 'Not blacklisted'] as const;
export const VISITOR_TYPES = ['V', 'CL', 'AG', 'TC'] as const;
export const LAST_VISIT_STATUSES = ['Accessed', 'NC', 'NA-V', 'NA-T', 'NA-L'] as const;

export function useCustomerList(list: ListController<CustomerFilter>) {
  return useListQuery<CustomerRow, CustomerFilter>(list);
}
