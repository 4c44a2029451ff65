import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Invoice, InvoiceList } from '../../../api/types';
import { useBuilderIdParam } from '../../../app/builderSelection';

const INVOICES = 'invoices';

/** GET /invoices: the builder's invoices, newest first, with the balance and how to pay. */
export function useInvoices() {
  const builderId = useBuilderIdParam();
  return useQuery({
    queryKey: [INVOICES, builderId ?? null],
    queryFn: ({ signal }) => api<InvoiceList>('/invoices', { query: { builderId }, signal }),
  });
}

/** GET /invoices/{id}. */
export function useInvoice(id: number) {
  return useQuery({
    queryKey: [INVOICES, 'one', id],
    queryFn: ({ signal }) => api<Invoice>(`/invoices/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * View: opens the invoice's PDF link (GET /billing/invoice/{id}) in a new tab. The tab is opened
 * inside the click so that pop-up blockers allow it, and closed again if no link comes.
 */
export async function openInvoice(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { invoiceLink } = await api<{ invoiceLink: string }>(`/billing/invoice/${id}`);
    if (tab) tab.location.href = invoiceLink;
    else window.open(invoiceLink, '_blank');
  } catch (e) {
    tab?.close();
    console.warn('Invoice link not available', e);
    throw new Error('Invoice link not available');
  }
}

export interface PaymentForm {
  kind: 'payment' | 'credit';
  /** Cents. */
  amount: number;
  note: string;
}

/** POST /invoices/{id}/payments (platform admins): a payment received or a credit given. */
export function useRecordPayment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: PaymentForm) => api<Invoice>(`/invoices/${id}/payments`, { method: 'POST', body: form }),
    onSuccess: (invoice) => {
      client.setQueryData([INVOICES, 'one', id], invoice);
      void client.invalidateQueries({ queryKey: [INVOICES] });
    },
  });
}
