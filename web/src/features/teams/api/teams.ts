import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Created, DeleteTeams, MessageBody, Team, TeamAgentRequest, TeamInput, TeamRow } from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

export const TEAMS_AREA = 'teams';

export function useTeamList(list: ListController) {
  return useListQuery<TeamRow>(list);
}

/** The teams of a builder (GET /api/teams/builder/{id}), for the staff pickers. */
export function useBuilderTeams(builderId: number | null | undefined) {
  return useQuery({
    queryKey: ['teams', 'builder', builderId],
    queryFn: ({ signal }) => api<Team[]>(`/teams/builder/${builderId}`, { signal }),
    enabled: builderId !== null && builderId !== undefined && builderId > 0,
  });
}

export function useTeam(id: number | null) {
  return useQuery({
    queryKey: ['teams', 'detail', id],
    queryFn: ({ signal }) => api<Team>(`/teams/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function createTeam(body: TeamInput) {
  return api<Created>('/teams/add', { method: 'POST', body });
}

export function updateTeam(id: number, body: TeamInput) {
  return api<MessageBody>(`/teams/${id}`, { method: 'POST', body });
}

export function deleteTeams(ids: number[]) {
  const body: DeleteTeams = { ids };
  return api<MessageBody>('/teams', { method: 'DELETE', body });
}

export function addTeamAgent(id: number, agent: string) {
  const body: TeamAgentRequest = { agent };
  return api<MessageBody>(`/teams/${id}/agent`, { method: 'POST', body });
}

export function removeTeamAgent(id: number, agent: string) {
  const body: TeamAgentRequest = { agent };
  return api<MessageBody>(`/teams/${id}/agent`, { method: 'DELETE', body });
}
