import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import type { SettingsView } from '../../../api/types';
import { serverErrorText } from '../../../components/form';
import { saveSettings } from '../api/settings';
import { logoProblem } from '../companySchema';

export const UPLOADING = 'Uploading';
export const UPLOADED = 'Sucessfully Uploaded';
export const UPLOAD_FAILED = 'Uploading Failed';

type Status = 'idle' | 'uploading' | 'done' | 'failed';

/**
 * The company logo: shown as stored, replaced as soon as a file is picked (PNG or JPEG by its
 * bytes, at most 50 MB; both checked here first and again by the server).
 */
export function LogoUpload({
  logo,
  choice,
  onUploaded,
}: {
  /** Where the current logo is served. */
  logo: string | null | undefined;
  /** `builder_id` to send (enterprise users). */
  choice: number | undefined;
  onUploaded(view: SettingsView): void;
}) {
  const [status, setStatus] = useState<Status>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File) => {
    setProblem(null);
    const refused = await logoProblem(file);
    if (refused) {
      setStatus('idle');
      setProblem(refused);
      return;
    }
    setStatus('uploading');
    try {
      onUploaded(await saveSettings({ file, builder_id: choice }));
      setStatus('done');
    } catch (e) {
      setStatus('failed');
      setProblem(serverErrorText(e));
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box
        sx={{
          width: 180,
          height: 90,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.50',
          overflow: 'hidden',
          flexShrink: 0,
        }}
      >
        {logo ? (
          <Box component="img" src={logo} alt="Company logo" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No logo yet
          </Typography>
        )}
      </Box>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={status === 'uploading'}>
          Upload Logo
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg"
            aria-label="Logo file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </Button>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          PNG or JPEG, at most 50 MB
        </Typography>
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
      </Stack>
    </Stack>
  );
}
