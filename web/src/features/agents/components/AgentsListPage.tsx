import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { errorMessage } from '../../../api/client';
import { useSession } from '../../../api/session';
import type { AgentRow } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { BuilderFilterMenu, ListPage, LIST_KEY, useListParams, type Column } from '../../../components/list';
import { AGENTS_AREA, deleteAgents, useAgentList } from '../api/agents';

export const AGENT_COLUMNS: Column<AgentRow>[] = [
  { key: 'username', label: 'Username', sortable: true },
  { key: 'firstname', label: 'First Name', sortable: true },
  { key: 'lastname', label: 'Last Name', sortable: true },
  { key: 'userType', label: 'User Type', sortable: true },
  { key: 'builder', label: 'Builder', sortable: true },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'phone', label: 'Phone', sortable: true },
];

/** /agents (PM only): the staff list. */
export default function AgentsListPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const list = useListParams({
    area: AGENTS_AREA,
    defaultOrderBy: 'firstname',
    defaultOrder: 'desc',
    sortable: AGENT_COLUMNS.map((c) => c.key),
    filters: ['filterByBuilder'] as const,
  });
  const result = useAgentList(list);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      const res = await deleteAgents(list.selected.map(String));
      notify.success(res?.message ?? 'Successfully deleted');
      list.setSelected([]);
      setConfirmOpen(false);
      await queryClient.invalidateQueries({ queryKey: [LIST_KEY, AGENTS_AREA] });
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <ListPage
        title="Staff List"
        list={list}
        result={result}
        columns={AGENT_COLUMNS}
        rowKey={(r) => r.username}
        onRowClick={(r) => navigate(`/agents/${encodeURIComponent(r.username)}`)}
        searchPlaceholder="Search all agents"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/agents/add')}>
            Add Staff
          </Button>
        }
        filterMenu={user?.isEnterprise ? <BuilderFilterMenu list={list} /> : undefined}
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
