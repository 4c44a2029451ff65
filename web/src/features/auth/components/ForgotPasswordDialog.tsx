import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotify } from '../../../app/notify';
import { forgotPasswordErrorMessage, requestPasswordReset } from '../api/auth';

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const notify = useNotify();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = username.trim() !== '' && email.trim() !== '';

  const close = () => {
    if (busy) return;
    setUsername('');
    setEmail('');
    onClose();
  };

  const submit = async () => {
    setBusy(true);
    try {
      await requestPasswordReset(username.trim(), email.trim());
      notify.success('Email sent.');
      setUsername('');
      setEmail('');
      onClose();
    } catch (e) {
      notify.error(forgotPasswordErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
      <DialogTitle>Forgot password?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Enter your username and email; we will send you a link to set a new password.
        </DialogContentText>
        <Stack spacing={2}>
          <TextField label="Username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
          <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!ready || busy}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
