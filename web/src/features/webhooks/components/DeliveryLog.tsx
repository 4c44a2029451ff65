import { Fragment, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { errorMessage } from '../../../api/client';
import type { DeliveryRow } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { LoadError } from '../../../components/LoadError';
import { formatDateTime } from '../../../lib/format';
import { replayDelivery, sendTestEvent, useDeliveries } from '../api/webhooks';
import { deliveryStatus } from '../webhookSchema';

const STATUS_COLOURS = { Delivered: 'success', Failed: 'error', Retrying: 'warning', Sending: 'default' } as const;

/** A webhook's newest deliveries, each with its attempts; Replay, and Send test event. */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const deliveries = useDeliveries(webhookId);
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<{ message?: string } | undefined>) => {
    setBusy(true);
    try {
      const res = await action();
      if (res?.message) notify.success(res.message);
      await queryClient.invalidateQueries({ queryKey: ['webhooks', 'deliveries', webhookId] });
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const rows = deliveries.data ?? [];
  return (
    <Paper variant="outlined" sx={{ mt: 3, p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h2">Deliveries</Typography>
        <Button variant="outlined" disabled={busy} onClick={() => void act(() => sendTestEvent(webhookId))}>
          Send test event
        </Button>
      </Stack>
      {deliveries.isFetching && <LinearProgress sx={{ height: 2 }} />}
      {deliveries.isError ? (
        <LoadError onRetry={() => void deliveries.refetch()}>{errorMessage(deliveries.error)}</LoadError>
      ) : (
        <Table size="small" aria-label="Deliveries">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>Event</TableCell>
              <TableCell>Webhook ID</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Attempts</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !deliveries.isPending && (
              <TableRow>
                <TableCell colSpan={7}>No deliveries yet. Send a test event to try the endpoint.</TableCell>
              </TableRow>
            )}
            {rows.map((d) => (
              <DeliveryLine
                key={d.id}
                delivery={d}
                open={open === d.id}
                onToggle={() => setOpen(open === d.id ? null : d.id)}
                busy={busy}
                onReplay={() => void act(() => replayDelivery(webhookId, d.id))}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

function DeliveryLine({
  delivery: d,
  open,
  onToggle,
  busy,
  onReplay,
}: {
  delivery: DeliveryRow;
  open: boolean;
  onToggle(): void;
  busy: boolean;
  onReplay(): void;
}) {
  const status = deliveryStatus(d);
  return (
    <Fragment>
      <TableRow hover>
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={open ? 'Hide attempts' : 'Show attempts'} onClick={onToggle}>
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell>
          {d.event_type}
          {d.test && <Chip size="small" label="test" sx={{ ml: 1 }} />}
        </TableCell>
        <TableCell sx={{ fontFamily: 'monospace' }}>{d.message_id}</TableCell>
        <TableCell>{formatDateTime(d.created_on)}</TableCell>
        <TableCell>
          <Chip size="small" color={STATUS_COLOURS[status as keyof typeof STATUS_COLOURS]} label={status} />
          {d.state === 'pending' && d.next_attempt_on && d.attempts > 0 && (
            <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              next try {formatDateTime(d.next_attempt_on)}
            </Typography>
          )}
        </TableCell>
        <TableCell>{d.attempts}</TableCell>
        <TableCell align="right">
          <Button size="small" disabled={busy || d.state === 'pending'} onClick={onReplay}>
            Replay
          </Button>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={7} sx={{ bgcolor: 'action.hover' }}>
            {d.attempt_log.length === 0 ? (
              <Typography variant="body2">Not tried yet.</Typography>
            ) : (
              <Table size="small" aria-label={`Attempts of ${d.message_id}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Time</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Duration</TableCell>
                    <TableCell>Response</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.attempt_log.map((a) => (
                    <TableRow key={a.id}>
                      <TableCell>{formatDateTime(a.attempted_on)}</TableCell>
                      <TableCell>{a.status_code ?? 'No answer'}</TableCell>
                      <TableCell>{a.duration_ms} ms</TableCell>
                      <TableCell>
                        <Box
                          component="pre"
                          sx={{ m: 0, maxWidth: 560, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}
                        >
                          {a.error ?? a.response.slice(0, 200)}
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}
