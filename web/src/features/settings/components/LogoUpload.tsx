import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SettingsView } from '../../../api/types';
import { serverErrorText } from '../../../components/form';
import { ImageFileButton, type UploadState } from '../../../components/UploadStatus';
import { saveSettings } from '../api/settings';
import { logoProblem } from '../companySchema';

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
  const [status, setStatus] = useState<UploadState>('idle');
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
        <ImageFileButton
          label="Upload Logo"
          fileLabel="Logo file"
          disabled={status === 'uploading'}
          status={status}
          problem={problem}
          onFile={(file) => void upload(file)}
        />
      </Stack>
    </Stack>
  );
}
