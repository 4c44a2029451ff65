import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { TeamRow } from '../../../api/types';
import { ListPage, useListParams, type Column } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { TEAMS_AREA, deleteTeams, useTeamList } from '../api/teams';

export const TEAM_COLUMNS: Column<TeamRow>[] = [
  { key: 'name', label: 'Team Name', sortable: true },
  { key: 'description', label: 'Description', sortable: true },
  { key: 'total_members', label: 'Total Members', sortable: true },
  { key: 'created_on', label: 'Created On', sortable: true, render: (r) => formatDateTime(r.created_on) },
];

/** /teams: the team list. */
export default function TeamsListPage() {
  const navigate = useNavigate();
  const list = useListParams({
    area: TEAMS_AREA,
    defaultOrderBy: 'created_on',
    defaultOrder: 'desc',
    sortable: TEAM_COLUMNS.map((c) => c.key),
  });
  const result = useTeamList(list);

  return (
    <ListPage
      title="Teams List"
      list={list}
      result={result}
      columns={TEAM_COLUMNS}
      rowKey={(r) => r.id}
      rowHref={(r) => `/teams/${r.id}`}
      searchPlaceholder="Search all teams"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/teams/add')}>
          Add New Team
        </Button>
      }
      deleteSelected={{ run: (keys) => deleteTeams(keys.map(Number)) }}
    />
  );
}
