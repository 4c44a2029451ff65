import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { NewPasswordFields, useNewPassword } from '../../../components/form/NewPasswordFields';
import { AGENT_PASSWORD_MISMATCH } from '../agentSchema';

export interface TemporaryPasswordDialogProps {
  open: boolean;
  onSave(password: string, confirm: string): void;
  onCancel(): void;
}

/** The "Set a Temporary Password" modal: password, confirm password, Save, Cancel. */
export function TemporaryPasswordDialog({ open, onSave, onCancel }: TemporaryPasswordDialogProps) {
  const pw = useNewPassword();
  const cancel = () => {
    pw.clear();
    onCancel();
  };

  return (
    <Dialog open={open} onClose={cancel} maxWidth="xs" fullWidth>
      <DialogTitle>Set a Temporary Password</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <NewPasswordFields state={pw} mismatchMessage={AGENT_PASSWORD_MISMATCH} autoFocus />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!pw.filled}
          onClick={() => {
            if (!pw.check()) return;
            onSave(pw.password, pw.confirm);
            pw.clear();
          }}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
