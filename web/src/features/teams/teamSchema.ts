// Team form rules (spec 3 section 5): name, description and agents are required ('required').
import { z } from 'zod';

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

// Shared with the community and property staff pickers.
export { agentLabel, agentName, isAssignable as isTeamEligible } from '../../components/staffing/agents';
