import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isNotFound } from '../../../../api/client';
import type { LockRecord } from '../../../../api/types';
import { GoBack } from '../../../../components/GoBack';
import { LoadError, loadErrorText } from '../../../../components/LoadError';
import NotFound from '../../../../components/NotFound';
import { formatUsDate } from '../../../../lib/format';
import { locationText, useLockRecord } from '../../api/inventory';
import { Loading } from './CardGrid';
import { ReadOnlyFields } from './ReadOnlyFields';

/** /inventory/{lockSerial}: a lock's record, read-only. */
export default function LockDetailsPage() {
  const { lockSerial = '' } = useParams();
  const lock = useLockRecord(lockSerial);
  if (isNotFound(lock.error)) return <NotFound />;
  return (
    <Box>
      <GoBack to="/inventory" label="Inventory" />
      {lock.isError ? (
        <LoadError onRetry={() => void lock.refetch()}>{loadErrorText('The lock', lock.error)}</LoadError>
      ) : // Only the record of the serial in the address, never one loaded before it (spec 2 §2).
      lock.data?.serial_number === lockSerial ? (
        <LockView lock={lock.data} />
      ) : (
        <Loading />
      )}
    </Box>
  );
}

function LockView({ lock }: { lock: LockRecord }) {
  return (
    <>
      <Typography variant="h1">Locks</Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary', mb: 2 }}>
        View record {lock.serial_number}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
        <ReadOnlyFields
          fields={[
            ['Location', locationText(lock)],
            ['Lock ID', lock.serial_number],
            ['Lock Status', lock.lock_status_value],
            ['Lock Version', lock.version],
            ['Manufacturer', lock.manufacturer],
            ['License start date', lock.license_start_date && formatUsDate(lock.license_start_date)],
            ['Licensee', lock.licensee],
          ]}
        />
      </Paper>
    </>
  );
}
