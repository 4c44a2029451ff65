import { useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { CommunityDetail } from '../../../api/types';
import { LoadingScreen } from '../../../app/LoadingScreen';
import { isNotFound } from '../../../api/client';
import NotFound from '../../../components/NotFound';
import { GoBack } from '../../../components/GoBack';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { PublicUrlField } from '../../../components/PublicUrlField';
import { useCommunity } from '../api/communities';
import {
  communityDefaults,
  communitySchema,
  firstSectionWithError,
  publicUrlOf,
  SECTIONS,
  type CommunityFormValues,
  type Section,
} from '../communitySchema';
import { useCommunitySubmit } from '../useCommunitySubmit';
import { CommunityInfoFields } from './CommunityInfoFields';
import { CommunityPropertiesTab } from './CommunityPropertiesTab';
import { AutomationFields, IntegrationFields, StaffSection, TourHoursSection } from './CommunitySections';
import { QrCodeTab } from './QrCodeTab';
import { useFormUnsaved } from '../../../components/form';

/** /communities/{communityId}: the info form on the left, the tabs on the right, one Save. */
export default function CommunityDetailPage() {
  const { communityId } = useParams();
  const id = Number(communityId);
  const valid = Number.isInteger(id) && id > 0;
  const community = useCommunity(valid ? id : null);
  if (!valid || isNotFound(community.error)) return <NotFound />;
  if (community.isPending) return <LoadingScreen />;
  if (community.isError)
    return (
      <>
        <GoBack to="/communities" />
        <LoadError onRetry={() => void community.refetch()}>
          {loadErrorText('The community', community.error)}
        </LoadError>
      </>
    );
  return <CommunityPage key={id} community={community.data} />;
}

type TabKey = Exclude<Section, 'info'> | 'properties' | 'qr';
const TABS: { key: TabKey; label: string }[] = [
  { key: 'tourHours', label: 'Tour Hours' },
  { key: 'staff', label: 'Staff' },
  { key: 'integrations', label: 'Integrations' },
  { key: 'automations', label: 'Automations' },
  { key: 'properties', label: 'Properties' },
  { key: 'qr', label: 'QR Code' },
];
const FORM_TABS = ['tourHours', 'staff', 'integrations', 'automations'] as const;

function CommunityPage({ community }: { community: CommunityDetail }) {
  const schema = useMemo(() => communitySchema({ requireBuilder: false }), []);
  const form = useForm<CommunityFormValues>({
    resolver: zodResolver(schema),
    defaultValues: communityDefaults(community, null),
  });
  const { control, formState } = form;
  useFormUnsaved(formState, 'the community');
  const [tab, setTab] = useState<TabKey>('tourHours');

  // After a failed Save, an error the info column does not show brings its tab forward.
  const showErrors = (errors: Partial<Record<string, unknown>>) => {
    if (firstSectionWithError(['info'], errors)) return;
    const section = firstSectionWithError(FORM_TABS, errors);
    if (section) setTab(section);
  };
  const submit = useCommunitySubmit({
    community,
    chooseBuilder: false,
    setError: form.setError,
    onFieldErrors: showErrors,
  });
  const onSubmit = form.handleSubmit(submit, (errors: FieldErrors<CommunityFormValues>) => showErrors(errors));
  const tabHasError = (key: TabKey) =>
    key in SECTIONS && SECTIONS[key as Section].some((f) => formState.errors[f] !== undefined);

  const panels: Record<TabKey, ReactNode> = {
    tourHours: <TourHoursSection control={control} />,
    staff: <StaffSection control={control} builderId={community.builder_id} />,
    integrations: <IntegrationFields control={control} />,
    automations: (
      <AutomationFields control={control} syncFor={{ id: community.id, homes: community.communityProperties.length }} />
    ),
    properties: <CommunityPropertiesTab properties={community.communityProperties} />,
    qr: <QrCodeTab communityId={community.id} communityName={community.name} publicUrl={publicUrlOf(community)} />,
  };

  return (
    <Box>
      <GoBack to="/communities" />
      <Typography variant="h1">{community.name}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {community.builderName} · {community.status}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Stack spacing={2}>
                <CommunityInfoFields control={control} builderId={community.builder_id} communityId={community.id} />
                <PublicUrlField url={publicUrlOf(community)} label="Public web page URL" />
                <Box>
                  <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                    Save
                  </Button>
                </Box>
              </Stack>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Paper variant="outlined">
              <Tabs
                value={tab}
                onChange={(_, key: TabKey) => setTab(key)}
                variant="scrollable"
                allowScrollButtonsMobile
                sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
              >
                {TABS.map((t) => (
                  <Tab
                    key={t.key}
                    value={t.key}
                    label={t.label}
                    id={`community-tab-${t.key}`}
                    aria-controls="community-tabpanel"
                    icon={
                      tabHasError(t.key) ? (
                        <ErrorOutlineIcon color="error" fontSize="small" titleAccess="has errors" />
                      ) : undefined
                    }
                    iconPosition="end"
                  />
                ))}
              </Tabs>
              <Box role="tabpanel" id="community-tabpanel" aria-labelledby={`community-tab-${tab}`} sx={{ p: 3 }}>
                {panels[tab]}
              </Box>
            </Paper>
          </Grid>
        </Grid>
      </Box>
    </Box>
  );
}
