import { useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { errorMessage } from '../../../../api/client';
import { useNotify } from '../../../../app/notify';

/** Export All: runs the download, disabled meanwhile; a failure shows its message. */
export function ExportAllButton({ onExport }: { onExport(): Promise<void> }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadIcon />} disabled={busy} onClick={run}>
      Export All
    </Button>
  );
}
