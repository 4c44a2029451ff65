import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from '../app/notify';

export const MSG_URL_COPIED = 'URL copied to clipboard!';
export const MSG_COPY_FAILED = 'Failed to copy';
export const MSG_NO_PUBLIC_SITE = 'The public site address is not configured.';

/**
 * The read-only address of a public page with a Copy button. Without an address (the server has
 * no public site configured) the field is empty and says so.
 */
export function PublicUrlField({ url, label = 'Public page URL' }: { url: string | null; label?: string }) {
  const notify = useNotify();
  const copy = async () => {
    if (!url) return;
    try {
      // navigator.clipboard is missing outside secure contexts: that is a failure too.
      await navigator.clipboard.writeText(url);
      notify.success(MSG_URL_COPIED);
    } catch {
      notify.error(MSG_COPY_FAILED);
    }
  };
  return (
    <TextField
      label={label}
      value={url ?? ''}
      fullWidth
      helperText={url ? undefined : MSG_NO_PUBLIC_SITE}
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button size="small" startIcon={<ContentCopyIcon />} disabled={!url} onClick={() => void copy()}>
                Copy
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
