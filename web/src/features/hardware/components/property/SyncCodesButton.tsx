import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import SyncIcon from '@mui/icons-material/Sync';
import type { LockSync, SyncAnswer } from '../../../../api/types';
import { useNotify } from '../../../../app/notify';
import { serverErrorText } from '../../../../components/form';

/** Each lock's outcome of a sync, shown when some lock was not updated. */
function SyncResults({ results }: { results: LockSync[] }) {
  return (
    <Alert severity="warning">
      <AlertTitle>Some devices were not updated</AlertTitle>
      <List dense aria-label="Sync results" disablePadding>
        {results.map((r) => (
          <ListItem key={r.device_id} disableGutters>
            <ListItemIcon sx={{ minWidth: 28 }}>
              {r.updated ? (
                <CheckCircleIcon fontSize="small" color="success" titleAccess="Updated" />
              ) : (
                <ErrorIcon fontSize="small" color="error" titleAccess="Failed" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={`${r.name || 'Lock'} (${r.serial_number})`}
              secondary={r.updated ? 'Updated' : (r.error ?? 'Not updated')}
              slotProps={{ secondary: { color: r.updated ? 'text.secondary' : 'error' } }}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

/**
 * Sync Codes Now (a home's Automations tab, a community's): runs the sync, spinning meanwhile.
 * When every lock took the codes the server's summary is a success toast; otherwise it is a
 * warning (an error when none did) and each lock's outcome stays listed under the button.
 */
export function SyncCodesButton({ run }: { run(): Promise<SyncAnswer> }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<LockSync[] | null>(null);

  const sync = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const answer = await run();
      const updated = answer.results.filter((r) => r.updated).length;
      if (updated === answer.results.length) notify.success(answer.message);
      else {
        (updated === 0 ? notify.error : notify.warning)(answer.message);
        setFailed(answer.results);
      }
    } catch (e) {
      notify.error(serverErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Box>
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} aria-label="Syncing" /> : <SyncIcon />}
          disabled={busy}
          onClick={() => void sync()}
        >
          Sync Codes Now
        </Button>
      </Box>
      {failed && <SyncResults results={failed} />}
    </Stack>
  );
}
