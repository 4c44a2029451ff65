import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useSession } from '../../../api/session';
import type { AgentRow } from '../../../api/types';
import { BuilderFilterMenu, ListPage, useListParams, type Column } from '../../../components/list';
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
  const { user } = useSession();
  const list = useListParams({
    area: AGENTS_AREA,
    defaultOrderBy: 'firstname',
    defaultOrder: 'desc',
    sortable: AGENT_COLUMNS.map((c) => c.key),
    filters: ['filterByBuilder'] as const,
  });
  const result = useAgentList(list);

  return (
    <ListPage
      title="Staff List"
      list={list}
      result={result}
      columns={AGENT_COLUMNS}
      rowKey={(r) => r.username}
      rowHref={(r) => `/agents/${encodeURIComponent(r.username)}`}
      searchPlaceholder="Search all agents"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/agents/add')}>
          Add Staff
        </Button>
      }
      filterMenu={user?.isEnterprise ? <BuilderFilterMenu list={list} /> : undefined}
      deleteSelected={{ run: (keys) => deleteAgents(keys.map(String)) }}
    />
  );
}
