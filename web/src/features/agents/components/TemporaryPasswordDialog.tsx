import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AGENT_PASSWORD_MISMATCH } from '../agentSchema';

export interface TemporaryPasswordDialogProps {
  open: boolean;
  onSave(password: string, confirm: string): void;
  onCancel(): void;
}

/** The "Set a Temporary Password" modal: password, confirm password, Save, Cancel. */
export function TemporaryPasswordDialog({ open, onSave, onCancel }: TemporaryPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const clear = () => {
    setPassword('');
    setConfirm('');
    setMismatch(false);
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        clear();
        onCancel();
      }}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>Set a Temporary Password</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setMismatch(false);
            }}
            autoFocus
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setMismatch(false);
            }}
            error={mismatch}
            helperText={mismatch ? AGENT_PASSWORD_MISMATCH : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            clear();
            onCancel();
          }}
        >
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={password === '' || confirm === ''}
          onClick={() => {
            if (password !== confirm) {
              setMismatch(true);
              return;
            }
            onSave(password, confirm);
            clear();
          }}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
