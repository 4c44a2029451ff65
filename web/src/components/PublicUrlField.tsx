import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { ReadOnlyField } from './form/ReadOnlyField';
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
  return <CopyField value={url} label={label} copied={MSG_URL_COPIED} missing={MSG_NO_PUBLIC_SITE} />;
}

/** A read-only value with a Copy button; `copied` is said once it is on the clipboard. */
export function CopyField({
  value,
  label,
  copied,
  missing,
}: {
  value: string | null;
  label: string;
  copied: string;
  /** Said under the empty field when there is no value. */
  missing?: string;
}) {
  const notify = useNotify();
  const copy = async () => {
    if (!value) return;
    try {
      // navigator.clipboard is missing outside secure contexts: that is a failure too.
      await navigator.clipboard.writeText(value);
      notify.success(copied);
    } catch {
      notify.error(MSG_COPY_FAILED);
    }
  };
  return (
    <ReadOnlyField
      label={label}
      value={value}
      helperText={value ? undefined : missing}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                size="small"
                startIcon={<ContentCopyIcon />}
                disabled={!value}
                onClick={() => void copy()}
                aria-label={`Copy ${label}`}
              >
                Copy
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
