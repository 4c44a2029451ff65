import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { usePropertySave } from '../../usePropertySave';

/** Assigned agents and teams; changes are kept here until Save (a project manager stays required). */
export function StaffTab({ detail }: { detail: PropertyDetail }) {
  const notify = useNotify();
  const { user } = useSession();
  const save = usePropertySave(detail);
  const [agents, setAgents] = useState<AssignedAgent[]>(detail.agents);
  const [teams, setTeams] = useState<AssignedTeam[]>(detail.teams);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = pmProblem(agents);
    if (problem) {
      notify.error(problem);
      return;
    }
    setBusy(true);
    await save(staffToObject(agents, teams));
    setBusy(false);
  };

  return (
    <Stack spacing={2}>
      <StaffAssignment
        builderId={detail.builder_id}
        agents={agents}
        teams={teams}
        onChange={(a, t) => {
          setAgents(a);
          setTeams(t);
        }}
        onRemoveAgent={(username) => {
          if (username !== user?.username) return true;
          notify.error(MSG_REMOVE_YOURSELF);
          return false;
        }}
        showProjectManager
      />
      <Box>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          Save
        </Button>
      </Box>
    </Stack>
  );
}
