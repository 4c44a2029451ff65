import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { onlyDigits, serverErrorText } from '../../../../components/form';
import { ImageFileButton, type UploadState } from '../../../../components/UploadStatus';
import { uploadImage } from '../../api/properties';
import { parsePosition, photoProblem } from '../../gallery';

export interface PhotoUploadDialogProps {
  propertyId: number;
  /** The position to fill: the next free one when adding, the photo's own when changing it. */
  position: number;
  /** Changing an existing photo: its position is locked. */
  edit: boolean;
  onClose(): void;
  onUploaded(): void;
}

/**
 * Adds a photo, or replaces the photo at a position. The file is checked here first (PNG or JPEG
 * by its bytes, at most 50 MB) and sent as soon as it is picked.
 */
export function PhotoUploadDialog({ propertyId, position, edit, onClose, onUploaded }: PhotoUploadDialogProps) {
  const [status, setStatus] = useState<UploadState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [positionText, setPositionText] = useState(String(position));
  const chosen = parsePosition(positionText);

  const upload = async (file: File) => {
    setProblem(null);
    const refused = await photoProblem(file);
    if (refused) {
      setStatus('idle');
      setProblem(refused);
      return;
    }
    if (chosen === null) return;
    setStatus('uploading');
    try {
      await uploadImage(propertyId, file, chosen);
      setStatus('done');
      onUploaded();
    } catch (e) {
      setStatus('failed');
      setProblem(serverErrorText(e));
    }
  };

  return (
    <Dialog open onClose={status === 'uploading' ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{edit ? 'Change Photo' : 'Add Photo'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1, alignItems: 'flex-start' }}>
          <TextField
            label="Position"
            value={positionText}
            onChange={(e) => setPositionText(onlyDigits(e.target.value))}
            disabled={edit || status === 'uploading' || status === 'done'}
            error={chosen === null}
            helperText={chosen === null ? 'A position is a whole number from 1' : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
          <ImageFileButton
            label="Choose Photo"
            fileLabel="Photo file"
            disabled={chosen === null || status === 'uploading' || status === 'done'}
            status={status}
            problem={problem}
            onFile={(file) => void upload(file)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={status === 'uploading'}>
          {status === 'done' ? 'Done' : 'Cancel'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
