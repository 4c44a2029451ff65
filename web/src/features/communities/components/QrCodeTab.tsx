// The QR Code tab. `qrcode` is imported only here, inside the lazy communities chunk.
import { useState, type KeyboardEvent } from 'react';
import QRCode from 'qrcode';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { ApiError, errorMessage } from '../../../api/client';
import type { QrCode } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { MSG_NO_PUBLIC_SITE } from '../../../components/PublicUrlField';
import { deleteQrCode, qrCodesKey, saveQrCode, useQrCodes } from '../api/communities';

/** Spec 3 §9: size 130, error correction L, quiet zone 5 (modules), downloaded as PNG. */
export const QR_OPTIONS = { width: 130, errorCorrectionLevel: 'L', margin: 5 } as const;
export const QR_SIZE = QR_OPTIONS.width;

/** The same code as a vector drawing, for print at any size (the 130 px PNG is too small). */
const QR_PRINT_OPTIONS = { type: 'svg', errorCorrectionLevel: 'L', margin: 5 } as const;

/** A file name from a title: `Oak Ridge` → `oak-ridge-qr.png` (or `.svg`). */
export function qrFileName(title: string, extension: 'png' | 'svg' = 'png'): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'community'}-qr.${extension}`;
}

async function drawQr(text: string): Promise<{ png: string; svg: string }> {
  const [png, svg] = await Promise.all([QRCode.toDataURL(text, QR_OPTIONS), QRCode.toString(text, QR_PRINT_OPTIONS)]);
  return { png, svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
}

/** A QR image (PNG data URL) of `text` with its Download PNG link and a print-size SVG. */
export function QrImage({ text, title }: { text: string; title: string }) {
  const png = useQuery({
    queryKey: ['qr-drawings', text],
    queryFn: () => drawQr(text),
    staleTime: Infinity,
    retry: false,
  });
  if (png.isPending)
    return (
      <Box sx={{ width: QR_SIZE, height: QR_SIZE, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} aria-label="Drawing the QR code" />
      </Box>
    );
  if (png.isError) return <Alert severity="error">The QR code could not be drawn: {errorMessage(png.error)}</Alert>;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <img src={png.data.png} width={QR_SIZE} height={QR_SIZE} alt={`QR code of ${title}`} />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={png.data.png}
          download={qrFileName(title)}
        >
          Download PNG
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={png.data.svg}
          download={qrFileName(title, 'svg')}
        >
          Download SVG for print
        </Button>
      </Stack>
    </Stack>
  );
}

/** The public page's QR, then the community's saved QR records (add, download, delete). */
export function QrCodeTab({
  communityId,
  communityName,
  publicUrl,
}: {
  communityId: number;
  communityName: string;
  publicUrl: string | null;
}) {
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          Public page
        </Typography>
        {publicUrl ? (
          <Stack spacing={1}>
            <QrImage text={publicUrl} title={communityName} />
            <Link href={publicUrl} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
              {publicUrl}
            </Link>
          </Stack>
        ) : (
          <Alert severity="info">{MSG_NO_PUBLIC_SITE}</Alert>
        )}
      </Box>
      <Divider />
      <SavedQrCodes communityId={communityId} defaultText={publicUrl ?? ''} />
    </Stack>
  );
}

function SavedQrCodes({ communityId, defaultText }: { communityId: number; defaultText: string }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const codes = useQrCodes(communityId);
  const [name, setName] = useState('');
  const [text, setText] = useState(defaultText);
  const [errors, setErrors] = useState<{ QRCodeName?: string; QRCodeText?: string }>({});
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<QrCode | null>(null);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: qrCodesKey(communityId) });

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await saveQrCode(communityId, text, name);
      notify.success('Saved!');
      setName('');
      await refresh();
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors(e.errors);
      else notify.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const res = await deleteQrCode(toDelete.id);
      notify.success(res.message);
      setToDelete(null);
      await refresh();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setDeleting(false);
    }
  };

  // These fields sit inside the community's form: Enter saves the QR code, not the community.
  const onEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!saving) void save();
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h3">
        Saved QR codes
      </Typography>
      {codes.isPending ? (
        <CircularProgress size={24} aria-label="Loading QR codes" />
      ) : codes.isError ? (
        <LoadError onRetry={() => void codes.refetch()}>{loadErrorText('QR codes', codes.error)}</LoadError>
      ) : codes.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No saved QR codes yet.
        </Typography>
      ) : (
        <Stack spacing={2} divider={<Divider flexItem />} role="list" aria-label="Saved QR codes">
          {codes.data.map((qr) => (
            <Stack key={qr.id} direction="row" spacing={2} role="listitem" aria-label={qr.name}>
              <QrImage text={qr.text} title={qr.name} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{qr.name}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
                  {qr.text}
                </Typography>
              </Box>
              <Box>
                <IconButton aria-label={`Delete QR code ${qr.name}`} onClick={() => setToDelete(qr)}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
      <Stack spacing={2} role="group" aria-label="New QR code">
        <TextField
          label="QR Code Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onEnter}
          error={!!errors.QRCodeName}
          helperText={errors.QRCodeName}
          slotProps={{ htmlInput: { maxLength: 250 } }}
        />
        <TextField
          label="QR Code Text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onEnter}
          error={!!errors.QRCodeText}
          helperText={errors.QRCodeText ?? 'The address or text the code holds.'}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Box>
          <Button variant="outlined" onClick={() => void save()} disabled={saving}>
            Save QR Code
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure you want to delete?"
        message={toDelete ? `QR code ${toDelete.name}` : undefined}
        confirmLabel="Remove"
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
