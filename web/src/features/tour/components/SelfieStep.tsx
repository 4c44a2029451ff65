import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '../../../api/client';
import { sendSelfie } from '../api/tour';
import type { VisitorAtHome } from '../visitorSession';

/**
 * The selfie a builder with selfie verification asks of every visitor before a tour: the phone's
 * front camera (or a picture chosen), a preview, then Send. Staff see it on the customer's
 * profile; the public never does.
 */
export function SelfieStep({ webflow, session }: Omit<VisitorAtHome, 'propertyId'>) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      await sendSelfie(webflow, session.token, file);
      await queryClient.invalidateQueries({ queryKey: ['tour', webflow, 'me'] });
    } catch (e) {
      setFailure(e instanceof ApiError && e.errors?.file ? e.errors.file : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h2">
        A selfie before your tour
      </Typography>
      <Typography>
        For everyone&apos;s safety we ask each visitor for a selfie. Only the builder&apos;s team sees it.
      </Typography>
      {preview && (
        <Box
          component="img"
          src={preview}
          alt="Your selfie"
          sx={{ width: 160, height: 160, objectFit: 'cover', borderRadius: '50%', alignSelf: 'center' }}
        />
      )}
      <Button variant="outlined" component="label" size="large">
        {file ? 'Take another' : 'Take a selfie'}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg"
          capture="user"
          aria-label="Selfie"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Button>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button variant="contained" size="large" disabled={busy || !file} onClick={() => void send()}>
        Send selfie
      </Button>
    </Stack>
  );
}
