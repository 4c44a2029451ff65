import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { errorMessage } from '../../../api/client';
import type { NewOAuthClient, OAuthClientRow } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { CopyField } from '../../../components/PublicUrlField';
import { formatDateTime } from '../../../lib/format';
import { apiKeysKey, createApiKey, removeApiKey, useApiKeys } from '../api/apiKeys';

/** /account/api-keys: the builder's API keys (OAuth clients) for the public API. */
export default function ApiKeys() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const keys = useApiKeys();
  const [made, setMade] = useState<NewOAuthClient | null>(null);
  const [removing, setRemoving] = useState<OAuthClientRow | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });

  const create = async () => {
    setBusy(true);
    try {
      setMade(await createApiKey());
      await refresh();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const res = await removeApiKey(removing.client_id);
      notify.success(res?.message ?? 'API key removed');
      setRemoving(null);
      await refresh();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const rows = keys.data ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 640 }}>
          An API key lets your other systems read your homes, communities, customers and visits, book tours and manage
          webhooks through the public API, acting for your builder with your rights. Trade its client id and secret at{' '}
          <code>/api/oauth/token</code> for a bearer token.
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} disabled={busy} onClick={() => void create()}>
          Create API key
        </Button>
      </Stack>
      {keys.isFetching && <LinearProgress sx={{ height: 2 }} />}
      {keys.isError ? (
        <LoadError onRetry={() => void keys.refetch()}>{errorMessage(keys.error)}</LoadError>
      ) : (
        <Table size="small" aria-label="API keys">
          <TableHead>
            <TableRow>
              <TableCell>Client ID</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Created by</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !keys.isPending && (
              <TableRow>
                <TableCell colSpan={4}>No API keys yet.</TableCell>
              </TableRow>
            )}
            {rows.map((key) => (
              <TableRow key={key.id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{key.client_id}</TableCell>
                <TableCell>{formatDateTime(key.created_at)}</TableCell>
                <TableCell>{key.created_by}</TableCell>
                <TableCell align="right">
                  <Button color="error" size="small" disabled={busy} onClick={() => setRemoving(key)}>
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Dialog open={made !== null} onClose={() => setMade(null)} maxWidth="sm" fullWidth>
        <DialogTitle>Your new API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">Copy the secret now: it is shown this once and cannot be shown again.</Alert>
            <CopyField label="Client ID" value={made?.client_id ?? null} copied="Client ID copied to clipboard!" />
            <CopyField label="Client secret" value={made?.client_secret ?? null} copied="Secret copied to clipboard!" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setMade(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this API key?"
        message={`Systems using ${removing?.client_id ?? ''} lose access at once.`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
