import { useState, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useSession } from '../../../../api/session';
import type { HubRow, LockRow, SmartLockRow, WifiThermostatRow } from '../../../../api/types';
import { useBuilderIdParam } from '../../../../app/builderSelection';
import { SearchBox, useListParams } from '../../../../components/list';
import {
  INVENTORY_AREA,
  INVENTORY_FILTERS,
  exportLocks,
  useDeviceList,
  type DeviceArea,
  type InventoryFilter,
  type InventoryList,
  type LockPanel,
} from '../../api/inventory';
import { CardGrid, Loading, NoRecord } from './CardGrid';
import { ExportAllButton } from './ExportAllButton';
import { HubCard, LockCard, SmartLockCard, ThermostatCard } from './DeviceCard';
import { InventoryFilterMenu } from './InventoryFilterMenu';
import { NewDeviceDialog } from './NewDeviceDialog';

/** /inventory: hubs, smart locks, wifi thermostats and locks as cards; returned locks apart. */
export default function InventoryPage() {
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  const list = useListParams<InventoryFilter>({
    area: INVENTORY_AREA,
    // Every device list's default order; the page offers no other.
    defaultOrderBy: 'serial_number',
    defaultOrder: 'asc',
    sortable: ['serial_number'],
    filters: INVENTORY_FILTERS,
  });
  const hubs = useSection<HubRow>(list, 'hubs', 'Hubs', (h) => <HubCard hub={h} />);
  const smartLocks = useSection<SmartLockRow>(list, 'smart-locks', 'Smart Locks', (l) => <SmartLockCard lock={l} />);
  const thermostats = useSection<WifiThermostatRow>(list, 'wifi-thermostats', 'Wifi Thermostats', (t) => (
    <ThermostatCard thermostat={t} />
  ));
  const locks = useSection<LockRow>(list, 'locks', 'Locks', (l) => <LockCard lock={l} />, 'current');
  const returned = useSection<LockRow>(list, 'locks', 'Locks', (l) => <LockCard lock={l} />, 'returned');
  const current = [hubs, smartLocks, thermostats, locks];
  const loading = current.some((s) => s.result.isPending);
  const nothing = [...current, returned].every((s) => s.result.isSuccess && s.result.data.total === 0);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography variant="h1">Inventory</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          New Device
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, p: 1.5 }}
          role="toolbar"
          aria-label="Inventory toolbar"
        >
          <SearchBox value={list.params.search} placeholder="Search inventory by device ID" onSearch={list.setSearch} />
          <InventoryFilterMenu list={list} chooseBuilder={!!user?.isEnterprise} />
        </Stack>
      </Paper>
      <Panel title="Current Inventory" list={list} panel="current">
        {current.map((s) => s.grid)}
        {loading && <Loading />}
        {nothing && <NoRecord />}
      </Panel>
      {/* Only when returned locks exist (spec 2 §2); its load error still shows. */}
      {(returned.result.isError || (returned.result.data?.total ?? 0) > 0) && (
        <Panel title="Returned Locks" list={list} panel="returned">
          {returned.grid}
        </Panel>
      )}
      {adding && <NewDeviceDialog onClose={() => setAdding(false)} />}
    </Box>
  );
}

/** One device list of the page: its query (paged on its own) and its cards. */
function useSection<T extends { id: number }>(
  list: InventoryList,
  area: DeviceArea,
  title: string,
  renderCard: (row: T) => ReactNode,
  panel?: LockPanel,
) {
  const { result, page, setPage } = useDeviceList<T>(list, area, panel);
  const grid = (
    <CardGrid<T>
      key={`${area} ${panel}`}
      title={title}
      section
      result={result}
      rowKey={(r) => r.id}
      renderCard={renderCard}
      page={page}
      limit={list.params.limit}
      onPageChange={setPage}
      onLimitChange={list.setLimit}
    />
  );
  return { result, grid };
}

/** An expandable panel of the page with its own Export All (of its locks). */
function Panel({
  title,
  list,
  panel,
  children,
}: {
  title: string;
  list: InventoryList;
  panel: LockPanel;
  children: ReactNode;
}) {
  const builderId = useBuilderIdParam();
  return (
    <Accordion defaultExpanded variant="outlined" disableGutters sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="h2">{title}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <ExportAllButton onExport={() => exportLocks(list, panel, builderId)} />
        </Stack>
        {children}
      </AccordionDetails>
    </Accordion>
  );
}
