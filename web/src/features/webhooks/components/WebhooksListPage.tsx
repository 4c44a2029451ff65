import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import type { WebhookRow } from '../../../api/types';
import { ListPage, useListParams, type Column } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { WEBHOOKS_AREA, deleteWebhooks, useWebhookList } from '../api/webhooks';
import { CONTENT_TYPES } from '../webhookSchema';

export const WEBHOOK_COLUMNS: Column<WebhookRow>[] = [
  { key: 'payload_url', label: 'Payload URL', sortable: true },
  {
    key: 'content_type',
    label: 'Content Type',
    sortable: true,
    render: (r) => CONTENT_TYPES.find((c) => c.value === r.content_type)?.label ?? r.content_type,
  },
  { key: 'event_type', label: 'Event Type', sortable: true },
  {
    key: 'disabled_on',
    label: 'Status',
    render: (r) =>
      r.disabled_on ? (
        <Chip size="small" color="error" label="Disabled" title={r.disabled_reason ?? undefined} />
      ) : r.failing_since ? (
        <Chip size="small" color="warning" label="Failing" />
      ) : (
        <Chip size="small" color="success" label="Active" />
      ),
  },
  { key: 'created_on', label: 'Created On', sortable: true, render: (r) => formatDateTime(r.created_on) },
];

/** /webhooks: the builder's webhooks. */
export default function WebhooksListPage() {
  const navigate = useNavigate();
  const list = useListParams({
    area: WEBHOOKS_AREA,
    defaultOrderBy: 'created_on',
    defaultOrder: 'desc',
    sortable: WEBHOOK_COLUMNS.filter((c) => c.sortable).map((c) => c.key),
  });
  const result = useWebhookList(list);

  return (
    <ListPage
      title="Webhooks"
      list={list}
      result={result}
      columns={WEBHOOK_COLUMNS}
      rowKey={(r) => r.id}
      rowHref={(r) => `/webhooks/${r.id}`}
      searchPlaceholder="Search webhooks"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/webhooks/add')}>
          Add Webhook
        </Button>
      }
      deleteSelected={{ run: (keys) => deleteWebhooks(keys.map(Number)) }}
      exportSelection={false}
      exportAll={false}
    />
  );
}
