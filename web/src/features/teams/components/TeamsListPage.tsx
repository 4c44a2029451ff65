import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { errorMessage } from '../../../api/client';
import type { TeamRow } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { ListPage, LIST_KEY, useListParams, type Column } from '../../../components/list';
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
  const notify = useNotify();
  const queryClient = useQueryClient();
  const list = useListParams({
    area: TEAMS_AREA,
    defaultOrderBy: 'created_on',
    defaultOrder: 'desc',
    sortable: TEAM_COLUMNS.map((c) => c.key),
  });
  const result = useTeamList(list);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      const res = await deleteTeams(list.selected.map(Number));
      notify.success(res?.message ?? 'Successfully deleted');
      list.setSelected([]);
      setConfirmOpen(false);
      await queryClient.invalidateQueries({ queryKey: [LIST_KEY, TEAMS_AREA] });
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <ListPage
        title="Teams List"
        list={list}
        result={result}
        columns={TEAM_COLUMNS}
        rowKey={(r) => r.id}
        onRowClick={(r) => navigate(`/teams/${r.id}`)}
        searchPlaceholder="Search all teams"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/teams/add')}>
            Add New Team
          </Button>
        }
        selectionActions={
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={list.selected.length === 0}
            onClick={() => setConfirmOpen(true)}
          >
            Delete
          </Button>
        }
      />
      <ConfirmDialog
        open={confirmOpen}
        title="Are you sure you want to delete?"
        confirmLabel="Remove"
        cancelLabel="Cancel"
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
