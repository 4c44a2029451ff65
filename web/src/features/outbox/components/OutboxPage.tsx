import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { OutboxRow } from '../../../api/types';
import { ListPage, useListParams, type Column } from '../../../components/list';
import { formatZoned } from '../../../lib/zoned';
import { OUTBOX_AREA, useOutboxList } from '../api/outbox';

const STATUS_COLOURS: Record<string, 'default' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sent: 'success',
  failed: 'error',
  opted_out: 'warning',
};

const STATUS_LABELS: Record<string, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  opted_out: 'Opted out (STOP)',
};

const CHANNEL_LABELS: Record<string, string> = {
  outbox: 'Outbox',
  smtp: 'SMTP',
  sms_gateway: 'Text gateway',
};

export const OUTBOX_COLUMNS: Column<OutboxRow>[] = [
  { key: 'created_on', label: 'Queued At', sortable: true, render: (r) => formatZoned(r.created_on, undefined) },
  { key: 'kind', label: 'Type', sortable: true, render: (r) => (r.kind === 'mail' ? 'Mail' : 'Text') },
  { key: 'recipient', label: 'To', sortable: true },
  {
    key: 'body',
    label: 'Message',
    render: (r) => (
      <>
        {r.subject && <Typography sx={{ fontWeight: 600 }}>{r.subject}</Typography>}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {r.body}
        </Typography>
      </>
    ),
  },
  {
    key: 'channel',
    label: 'Channel',
    sortable: true,
    render: (r) => (r.channel ? (CHANNEL_LABELS[r.channel] ?? r.channel) : ''),
  },
  {
    key: 'status',
    label: 'Status',
    sortable: true,
    render: (r) => (
      <>
        <Chip size="small" color={STATUS_COLOURS[r.status] ?? 'default'} label={STATUS_LABELS[r.status] ?? r.status} />
        {r.error && (
          <Typography variant="caption" component="div" sx={{ color: 'error.main', mt: 0.5 }}>
            {r.error}
          </Typography>
        )}
      </>
    ),
  },
];

/** /outbox: what the server sent by mail and text, how and whether it went (platform admins). */
export default function OutboxPage() {
  const list = useListParams({
    area: OUTBOX_AREA,
    defaultOrderBy: 'created_on',
    defaultOrder: 'desc',
    sortable: OUTBOX_COLUMNS.filter((c) => c.sortable).map((c) => c.key),
  });
  const result = useOutboxList(list);
  return (
    <ListPage
      title="Outbox"
      list={list}
      result={result}
      columns={OUTBOX_COLUMNS}
      rowKey={(r) => r.message_key}
      searchPlaceholder="Search by recipient, subject, text or status"
      emptyText="No messages yet"
      selection={false}
      exportAll={false}
    />
  );
}
