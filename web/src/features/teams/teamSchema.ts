// Team form rules (spec 3 section 5): name, description and agents are required ('required').
import { z } from 'zod';
import type { AgentRow } from '../../api/types';

export const REQUIRED = 'required';

export function teamSchema(options: { requireBuilder: boolean }) {
  return z
    .object({
      name: z.string().trim().min(1, REQUIRED),
      description: z.string().trim().min(1, REQUIRED),
      builder_id: z.number().nullable(),
      agents: z.array(z.string()).min(1, REQUIRED),
    })
    .superRefine((v, ctx) => {
      if (options.requireBuilder && !v.builder_id)
        ctx.addIssue({ code: 'custom', path: ['builder_id'], message: REQUIRED });
    });
}

export type TeamFormValues = z.input<ReturnType<typeof teamSchema>>;

/** Agents in groups 1 (Other Staff) or 7 (Trade Contractor) are never offered for teams. */
export function isTeamEligible(agent: Pick<AgentRow, 'groups'>): boolean {
  return !(agent.groups ?? []).some((g) => g.GroupID === 1 || g.GroupID === 7);
}

/** PM for project managers, SS otherwise. */
export function agentLabel(agent: Pick<AgentRow, 'is_project_manager'>): 'PM' | 'SS' {
  return agent.is_project_manager ? 'PM' : 'SS';
}

export function agentName(agent: Pick<AgentRow, 'firstname' | 'lastname' | 'username'>): string {
  return `${agent.firstname ?? ''} ${agent.lastname ?? ''}`.trim() || agent.username;
}
