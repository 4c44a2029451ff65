import { useState } from 'react';
import { useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { api, errorMessage } from '../../api/client';
import type { FeedbackRequest, MessageBody } from '../../api/types';
import { useNotify } from '../notify';

export const FEEDBACK_TITLE = 'Feedback about this page?';

/** The top bar's feedback dialog: POST /api/feedback {feedbackMessage, page}. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { pathname } = useLocation();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    try {
      const body: FeedbackRequest = { feedbackMessage: text.trim(), page: pathname };
      const res = await api<MessageBody>('/feedback', { method: 'POST', body });
      notify.success(res?.message ?? 'Success!');
      setText('');
      onClose();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{FEEDBACK_TITLE}</DialogTitle>
      <DialogContent>
        <TextField
          label="Message"
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={4}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={send} disabled={text.trim() === '' || busy}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
