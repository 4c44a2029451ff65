import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../api/session';
import type { PropertyDetail } from '../../../api/types';
import { LoadingScreen } from '../../../app/LoadingScreen';
import { GoBack } from '../../../components/GoBack';
import { isNotFound } from '../../../api/client';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import NotFound from '../../../components/NotFound';
import { useBuilderDetail } from '../../builders/api/useBuilders';
import { logSourceOf } from '../../hardware/api/devices';
import { AccessHistoryTab } from '../../hardware/components/property/AccessHistoryTab';
import { HubTab } from '../../hardware/components/property/HubTab';
import { SmartLockTab } from '../../hardware/components/property/SmartLockTab';
import { WifiThermostatTab } from '../../hardware/components/property/WifiThermostatTab';
import { useProperty } from '../api/properties';
import { propertyLabel } from './PropertyPicker';
import { PropertyInfoCard } from './PropertyInfoCard';
import { PropertyStatus } from './PropertyStatus';
import { AutomationsTab } from './tabs/AutomationsTab';
import { GalleryTab } from './tabs/GalleryTab';
import { IntegrationsTab } from './tabs/IntegrationsTab';
import { StaffTab } from './tabs/StaffTab';
import { TimelineTab } from './tabs/TimelineTab';
import { TourHoursTab } from './tabs/TourHoursTab';

const BACK = '/properties';

type TabId =
  | 'timeline'
  | 'staff'
  | 'automations'
  | 'integrations'
  | 'tour-hours'
  | 'gallery'
  | 'hub'
  | 'access-history'
  | 'smart-lock'
  | 'wifi-thermostat';

/**
 * The tabs, in order; `shown` limits some: Integrations to enterprise accounts, the hardware tabs
 * to the devices the home has.
 */
const TABS: { id: TabId; label: string; shown?(detail: PropertyDetail, enterprise: boolean): boolean }[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'staff', label: 'Staff' },
  { id: 'automations', label: 'Automations' },
  { id: 'integrations', label: 'Integrations', shown: (_, enterprise) => enterprise },
  { id: 'tour-hours', label: 'Tour hours' },
  { id: 'gallery', label: 'Gallery' },
  { id: 'hub', label: 'Hub', shown: (d) => d.hub_id != null },
  { id: 'access-history', label: 'Access history (Beta)', shown: (d) => logSourceOf(d) !== null },
  { id: 'smart-lock', label: 'Smart Lock', shown: (d) => !!d.smart_lock_serial_number },
  { id: 'wifi-thermostat', label: 'Wifi Thermostat', shown: (d) => !!d.wifi_thermostat_serial_number },
];

/** /properties/{propertyId}: the info card at left, the tabs at right. */
export default function PropertyDetailPage() {
  const { propertyId } = useParams();
  const id = Number(propertyId);
  const valid = Number.isInteger(id) && id > 0;
  const property = useProperty(valid ? id : null);

  let body;
  if (!valid || isNotFound(property.error)) return <NotFound />;
  if (property.isPending) body = <LoadingScreen />;
  else if (property.isError)
    body = (
      <LoadError onRetry={() => void property.refetch()}>{loadErrorText('The property', property.error)}</LoadError>
    );
  else body = <PropertyView detail={property.data} />;
  return (
    <Box>
      <GoBack to={BACK} />
      {body}
    </Box>
  );
}

function PropertyView({ detail }: { detail: PropertyDetail }) {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = TABS.filter((t) => t.shown?.(detail, user?.isEnterprise === true) ?? true);
  const asked = searchParams.get('tab');
  const tab: TabId = tabs.find((t) => t.id === asked)?.id ?? 'timeline';
  const builder = useBuilderDetail(detail.builder_id);
  const zone = detail.timezoneValue ?? undefined;
  const logSource = logSourceOf(detail);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h1">{propertyLabel(detail)}</Typography>
        <PropertyStatus disposition={detail.disposition} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: '0 !important' }}>
        {[detail.marketing_name, detail.community, detail.builder].filter(Boolean).join(' · ')}
      </Typography>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <PropertyInfoCard detail={detail} />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Paper variant="outlined">
            <Tabs
              value={tab}
              onChange={(_, next: TabId) => setSearchParams({ tab: next }, { replace: true })}
              variant="scrollable"
              scrollButtons="auto"
              aria-label="Property tabs"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {tabs.map((t) => (
                <Tab key={t.id} value={t.id} label={t.label} id={`tab-${t.id}`} aria-controls={`panel-${t.id}`} />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ p: 2 }}>
              {tab === 'timeline' && <TimelineTab detail={detail} />}
              {tab === 'staff' && <StaffTab detail={detail} />}
              {tab === 'automations' && <AutomationsTab detail={detail} />}
              {tab === 'integrations' && <IntegrationsTab detail={detail} />}
              {tab === 'tour-hours' && <TourHoursTab detail={detail} />}
              {tab === 'gallery' && (
                <GalleryTab
                  propertyId={detail.property_id}
                  canEdit={builder.data?.enable_photo_gallery_edits === true}
                />
              )}
              {tab === 'hub' && detail.hub_id != null && <HubTab hubId={detail.hub_id} zone={zone} />}
              {tab === 'access-history' && logSource && <AccessHistoryTab source={logSource} zone={zone} />}
              {tab === 'smart-lock' && detail.smart_lock_serial_number && (
                <SmartLockTab serial={detail.smart_lock_serial_number} builderId={detail.builder_id} zone={zone} />
              )}
              {tab === 'wifi-thermostat' && detail.wifi_thermostat_serial_number && (
                <WifiThermostatTab serial={detail.wifi_thermostat_serial_number} zone={zone} />
              )}
            </Box>
          </Paper>
        </Grid>
      </Grid>
    </Stack>
  );
}
