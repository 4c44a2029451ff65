import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../../api/client';
import type { AlarmDeviceRow } from '../../../../api/types';
import { useBuilderIdParam } from '../../../../app/builderSelection';
import { useNotify } from '../../../../app/notify';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { LIST_KEY, SearchBox, exportAll, useListParams, type Order } from '../../../../components/list';
import { PROPERTIES_AREA, retireProperty } from '../../../properties/api/properties';
import { ALARM_AREA, ALARM_EXPORT_FILE, useAlarmDevices } from '../../api/alarm';
import { CardGrid } from '../inventory/CardGrid';
import { ExportAllButton } from '../inventory/ExportAllButton';

const SORTS: { orderBy: string; order: Order; label: string }[] = [
  { orderBy: 'CustomerId', order: 'desc', label: 'Customer ID, highest first' },
  { orderBy: 'CustomerId', order: 'asc', label: 'Customer ID, lowest first' },
  { orderBy: 'UnitDescription', order: 'asc', label: 'Unit Description, A to Z' },
  { orderBy: 'UnitDescription', order: 'desc', label: 'Unit Description, Z to A' },
];

/** /devices: the alarm account's units, Available or Attached to a home. */
export default function AlarmDevicesPage() {
  const list = useListParams({
    area: ALARM_AREA,
    defaultOrderBy: 'CustomerId',
    defaultOrder: 'desc',
    sortable: ['CustomerId', 'UnitDescription'],
  });
  const result = useAlarmDevices(list);
  const builderId = useBuilderIdParam();
  const [selling, setSelling] = useState<number | null>(null);
  const { params } = list;

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h1">Alarm Devices</Typography>
          {result.data && <Chip label={result.data.total} color="primary" aria-label="Alarm devices count" />}
        </Stack>
        <ExportAllButton onExport={() => exportAll(ALARM_AREA, { ...list.query, builderId }, ALARM_EXPORT_FILE)} />
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, p: 1.5 }}>
          <SearchBox
            value={params.search}
            placeholder="Search by customer ID, unit description or community"
            onSearch={list.setSearch}
          />
          <TextField
            select
            size="small"
            label="Sort by"
            value={`${params.orderBy} ${params.order}`}
            onChange={(e) => {
              const [orderBy, order] = e.target.value.split(' ');
              list.setSort(orderBy, order as Order);
            }}
            sx={{ minWidth: 240 }}
          >
            {SORTS.map((s) => (
              <MenuItem key={`${s.orderBy} ${s.order}`} value={`${s.orderBy} ${s.order}`}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>
      <CardGrid<AlarmDeviceRow>
        title="Alarm devices"
        result={result}
        rowKey={(d) => d.CustomerId}
        renderCard={(d) => <AlarmDeviceCard device={d} onMarkSold={setSelling} />}
        page={params.page}
        limit={params.limit}
        onPageChange={list.setPage}
        onLimitChange={list.setLimit}
      />
      {selling !== null && <MarkSoldDialog propertyId={selling} onClose={() => setSelling(null)} />}
    </Box>
  );
}

function AlarmDeviceCard({ device, onMarkSold }: { device: AlarmDeviceRow; onMarkSold(propertyId: number): void }) {
  const propertyId = device.property_id ?? null;
  const attached = propertyId !== null;
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            Customer ID {device.CustomerId}
          </Typography>
          <Chip
            size="small"
            label={attached ? 'Attached' : 'Available'}
            color={attached ? 'primary' : 'success'}
            variant={attached ? 'filled' : 'outlined'}
          />
        </Stack>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {device.UnitDescription}
        </Typography>
        {attached && (
          <Typography variant="body2" component="div">
            Property ID:{' '}
            <Link component={RouterLink} to={`/properties/${propertyId}`}>
              {propertyId}
            </Link>
            <br />
            Lot Number: {device.lot_number ?? ''}
            <br />
            Community: {device.community_name ?? ''}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        {attached ? (
          <Button color="error" onClick={() => onMarkSold(propertyId)}>
            Mark as sold
          </Button>
        ) : (
          <Button
            variant="contained"
            component={RouterLink}
            to={`/devices/${device.CustomerId}?name=${encodeURIComponent(device.UnitDescription)}`}
          >
            ACTIVATE
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** Mark as sold retires the home; then devices and properties are reloaded (spec 2 §4). */
function MarkSoldDialog({ propertyId, onClose }: { propertyId: number; onClose(): void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await retireProperty(propertyId);
      notify.success(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [LIST_KEY, ALARM_AREA] }),
        queryClient.invalidateQueries({ queryKey: [LIST_KEY, PROPERTIES_AREA] }),
      ]);
      onClose();
    } catch (e) {
      // The dialog stays open: Confirm can be tried again.
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title="Confirm Mark as Sold"
      message="Are you sure you want to mark this property as sold?"
      cancelLabel="Cancel"
      confirmLabel={busy ? 'Processing...' : 'Confirm'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
