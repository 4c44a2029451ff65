import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type {
  Agent,
  AgentCreated,
  AgentInput,
  AgentRow,
  DeleteAgents,
  MessageBody,
  ResendEmail,
} from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

export const AGENTS_AREA = 'agents';

export function useAgentList(list: ListController<'filterByBuilder'>) {
  return useListQuery<AgentRow, 'filterByBuilder'>(list);
}

export function useAgent(username: string | undefined) {
  return useQuery({
    queryKey: ['agents', 'detail', username],
    queryFn: ({ signal }) => api<Agent>(`/agents/${encodeURIComponent(username ?? '')}`, { signal }),
    enabled: !!username,
    staleTime: 0,
  });
}

export function createAgent(body: AgentInput) {
  return api<AgentCreated>('/agents', { method: 'POST', body });
}

export function updateAgent(username: string, body: AgentInput) {
  return api<MessageBody>(`/agents/${encodeURIComponent(username)}`, { method: 'PATCH', body });
}

export function deleteAgents(usernames: string[]) {
  const body: DeleteAgents = { usernames };
  return api<MessageBody>('/agents', { method: 'DELETE', body });
}

export function resendPasswordEmail(username: string, email: string) {
  const body: ResendEmail = { username, email };
  return api<MessageBody>('/agents/resendEmail', { method: 'POST', body });
}

/** Agents of a builder that may join teams and properties (groups 1 and 7 left out). */
export function useAvailableAgents(builderId: number | null | undefined) {
  return useQuery({
    queryKey: ['available_agents', builderId],
    queryFn: ({ signal }) => api<AgentRow[]>(`/available_agents/${builderId}`, { signal }),
    enabled: builderId !== null && builderId !== undefined && builderId > 0,
  });
}
