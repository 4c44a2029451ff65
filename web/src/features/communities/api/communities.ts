// Community calls (spec 3 §7 Communities, docs/api.md "Communities").
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  CommunityDetail,
  CommunityInput,
  CommunityRow,
  CommunitySaved,
  CommunityStatus,
  DeleteCommunities,
  DeleteQrCode,
  ListResponse,
  MessageBody,
  QrCode,
  SaveCommunity,
  SaveQrCode,
  SyncAnswer,
} from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

export const COMMUNITIES_AREA = 'communities';
export type CommunityFilter = 'filterByBuilder';

/** The spec de-duplicates list rows by id, builder and builder name. */
export function uniqueCommunityRows(answer: ListResponse<CommunityRow>): ListResponse<CommunityRow> {
  const seen = new Set<string>();
  const data = answer.data.filter((r) => {
    const key = `${r.id}\u0000${r.builder_id}\u0000${r.builderName}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return data.length === answer.data.length ? answer : { ...answer, data };
}

export function useCommunityList(list: ListController<CommunityFilter>) {
  return useListQuery<CommunityRow, CommunityFilter>(list, { select: uniqueCommunityRows });
}

/** The communities of one builder (GET /api/communities/builder/{id}), for pickers. */
export function useBuilderCommunities(builderId: number | null) {
  return useQuery({
    queryKey: ['communities', 'builder', builderId],
    queryFn: ({ signal }) => api<CommunityRow[]>(`/communities/builder/${builderId}`, { signal }),
    enabled: builderId !== null,
  });
}

export const communityKey = (id: number) => ['communities', 'detail', id] as const;

export function useCommunity(id: number | null) {
  return useQuery({
    queryKey: communityKey(id ?? 0),
    queryFn: ({ signal }) => api<CommunityDetail>(`/communities/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useCommunityStatuses() {
  return useQuery({
    queryKey: ['communities', 'statuses'],
    queryFn: ({ signal }) => api<CommunityStatus[]>('/communities/statuses', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** Creates (no id) or updates the whole community: info, hours, staff, integrations and codes. */
export function saveCommunity(community: CommunityInput) {
  const body: SaveCommunity = { community };
  return api<CommunitySaved>('/communities/saveCommunity', { method: 'POST', body });
}

export function deleteCommunities(ids: number[]) {
  const body: DeleteCommunities = { ids };
  return api<MessageBody>('/communities', { method: 'DELETE', body });
}

/**
 * The body of PATCH /communities/{id}/automationCodes. Written out here because the generated
 * AutomationCodes type is unusable: the server's open `{product}Code` map becomes
 * `Record<string, never>`, which no body satisfies.
 */
export interface SyncCodes {
  communityCode: string;
  tradeCode: string;
  salesCode: string;
}

/** Sync Codes Now: stores the codes and sends them to the community's homes; each lock's outcome. */
export function syncAutomationCodes(id: number, body: SyncCodes) {
  return api<SyncAnswer>(`/communities/${id}/automationCodes`, { method: 'PATCH', body });
}

export const qrCodesKey = (id: number) => ['communities', 'qr', id] as const;

export function useQrCodes(id: number) {
  return useQuery({
    queryKey: qrCodesKey(id),
    queryFn: ({ signal }) => api<QrCode[]>(`/communities/${id}/QRCode`, { signal }),
  });
}

export function saveQrCode(id: number, text: string, name: string) {
  const body: SaveQrCode = { QRCodeText: text, QRCodeName: name };
  return api<QrCode>(`/communities/${id}/saveQRCode`, { method: 'POST', body });
}

export function deleteQrCode(id: number) {
  const body: DeleteQrCode = { id };
  return api<MessageBody>('/communities/QRCode_delete', { method: 'POST', body });
}
