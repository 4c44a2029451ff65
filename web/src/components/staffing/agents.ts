// How staff are named and marked wherever they are assigned (teams, communities, properties).
import type { AgentRow } from '../../api/types';

/** PM for project managers, SS otherwise (spec 1 §5, spec 3 Team form). */
export function agentLabel(agent: { is_project_manager: boolean }): 'PM' | 'SS' {
  return agent.is_project_manager ? 'PM' : 'SS';
}

export function agentName(agent: { firstname?: string | null; lastname?: string | null; username: string }): string {
  return `${agent.firstname ?? ''} ${agent.lastname ?? ''}`.trim() || agent.username;
}

/** Agents in groups 1 (Other Staff) or 7 (Trade Contractor) are never offered for assignment. */
export function isAssignable(agent: Pick<AgentRow, 'groups'>): boolean {
  return !(agent.groups ?? []).some((g) => g.GroupID === 1 || g.GroupID === 7);
}
