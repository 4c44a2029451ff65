import Stack from '@mui/material/Stack';
import { useSession } from '../../../../api/session';
import type { PropertyDetail } from '../../../../api/types';
import { useNotify } from '../../../../app/notify';
import {
  StaffAssignment,
  type AssignedAgent,
  type AssignedTeam,
} from '../../../../components/staffing/StaffAssignment';
import { MSG_REMOVE_YOURSELF, pmProblem, staffToObject } from '../../propertySchema';
import { SaveRow } from '../../../../components/form';
import { usePropertyTab } from '../../usePropertySave';

/** Assigned agents and teams; changes are kept here until Save (a project manager stays required). */
export function StaffTab({ detail }: { detail: PropertyDetail }) {
  const notify = useNotify();
  const { user } = useSession();
  const { draft, busy, submit } = usePropertyTab<{ agents: AssignedAgent[]; teams: AssignedTeam[] }>(
    detail,
    { agents: detail.agents, teams: detail.teams },
    'the staff',
  );
  const { agents, teams } = draft.value;

  return (
    <Stack spacing={2}>
      <StaffAssignment
        builderId={detail.builder_id}
        agents={agents}
        teams={teams}
        onChange={(a, t) => draft.setValue({ agents: a, teams: t })}
        onRemoveAgent={(username) => {
          if (username !== user?.username) return true;
          notify.error(MSG_REMOVE_YOURSELF);
          return false;
        }}
        showProjectManager
      />
      <SaveRow
        unsaved={draft.unsaved}
        busy={busy}
        onSave={() => void submit(pmProblem(agents), staffToObject(agents, teams))}
      />
    </Stack>
  );
}
