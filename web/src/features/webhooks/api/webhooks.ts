import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  Created,
  DeleteWebhooks,
  DeliveryQueued,
  DeliveryRow,
  MessageBody,
  WebhookInput,
  WebhookRow,
  WebhookSecret,
} from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

export const WEBHOOKS_AREA = 'webhooks';

export function useWebhookList(list: ListController) {
  return useListQuery<WebhookRow>(list);
}

export function useWebhook(id: number | null) {
  return useQuery({
    queryKey: ['webhooks', 'detail', id],
    queryFn: ({ signal }) => api<WebhookRow>(`/webhooks/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The webhook's newest deliveries with their attempts; polled while any is still pending. */
export function useDeliveries(id: number) {
  return useQuery({
    queryKey: ['webhooks', 'deliveries', id],
    queryFn: ({ signal }) => api<DeliveryRow[]>(`/webhooks/${id}/deliveries`, { signal }),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((d) => d.state === 'pending' && d.attempts === 0) ? 1000 : false,
  });
}

export function createWebhook(body: WebhookInput) {
  return api<Created>('/webhooks/add', { method: 'POST', body });
}

export function updateWebhook(id: number, body: WebhookInput) {
  return api<MessageBody>(`/webhooks/${id}`, { method: 'POST', body });
}

export function deleteWebhooks(ids: number[]) {
  const body: DeleteWebhooks = { ids };
  return api<MessageBody>('/webhooks', { method: 'DELETE', body });
}

export function generateSecret() {
  return api<WebhookSecret>('/webhooks/secret');
}

export function sendTestEvent(id: number) {
  return api<DeliveryQueued>(`/webhooks/${id}/test`, { method: 'POST' });
}

export function replayDelivery(id: number, delivery: number) {
  return api<MessageBody>(`/webhooks/${id}/deliveries/${delivery}/replay`, { method: 'POST' });
}
