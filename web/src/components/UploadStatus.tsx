import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { UPLOADED, UPLOADING, UPLOAD_FAILED } from '../lib/imageFile';

export type UploadState = 'idle' | 'uploading' | 'done' | 'failed';

/**
 * An upload's status line (`Uploading`, `Sucessfully Uploaded`, `Uploading Failed`) and the reason
 * a file was refused or failed, read out as it changes.
 */
export function UploadStatus({ status, problem }: { status: UploadState; problem: string | null }) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: 22 }}>
      {status === 'uploading' && (
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={14} /> {UPLOADING}
        </Typography>
      )}
      {status === 'done' && (
        <Typography variant="body2" sx={{ color: 'success.main' }}>
          {UPLOADED}
        </Typography>
      )}
      {status === 'failed' && (
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          {UPLOAD_FAILED}
        </Typography>
      )}
      {problem && (
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The button that picks a PNG or JPEG to upload, its size hint and the upload's status line. The
 * input is emptied after each pick, so choosing the same file again uploads it again.
 */
export function ImageFileButton({
  label,
  fileLabel,
  disabled,
  status,
  problem,
  onFile,
}: {
  label: string;
  /** The file input's accessible name. */
  fileLabel: string;
  disabled: boolean;
  status: UploadState;
  problem: string | null;
  onFile: (file: File) => void;
}) {
  return (
    <>
      <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={disabled}>
        {label}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg"
          aria-label={fileLabel}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </Button>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        PNG or JPEG, at most 50 MB
      </Typography>
      <UploadStatus status={status} problem={problem} />
    </>
  );
}
