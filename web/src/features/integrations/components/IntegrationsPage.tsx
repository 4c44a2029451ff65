import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/client';
import type { Integration, IntegrationRequest } from '../../../api/types';
import { useSession } from '../../../api/session';
import { useNotify } from '../../../app/notify';
import { LoadError } from '../../../components/LoadError';
import { SearchBox } from '../../../components/list/SearchBox';
import { formatDateTime } from '../../../lib/format';
import {
  integrationsKey,
  requestIntegration,
  setIntegration,
  useFeedSettings,
  useIntegrationRequests,
  useIntegrations,
} from '../api/integrations';
import { FeedSettingsCard } from './FeedSettingsCard';

/** The builder's switch (spec 3: read on load, written on change). */
export const SWITCH_ID = 14;
/** Set up elsewhere (Lasso and NoviHome on each community, the feed below): never request cards. */
export const NOT_REQUESTED = [4, 10, 13];

/** Cards that point to what a builder can connect on their own. */
const PROMOS = [
  {
    title: 'Connect your CRM',
    text: 'Send every tour, visitor and home change to your CRM as it happens, signed so your CRM can trust it.',
    action: 'Set up webhooks',
    to: '/webhooks',
  },
  {
    title: 'Keep customer info current',
    text: 'Let your other systems read your homes, customers and visits and book tours through the public API.',
    action: 'Create an API key',
    to: '/account/api-keys',
  },
];

function matches(search: string, ...texts: string[]): boolean {
  const term = search.trim().toLowerCase();
  return term === '' || texts.some((t) => t.toLowerCase().includes(term));
}

/** /integrations: the switch, the listing feed, request cards and promo cards, with a search. */
export default function IntegrationsPage() {
  const { user } = useSession();
  const integrations = useIntegrations();
  const requests = useIntegrationRequests();
  const [search, setSearch] = useState('');
  const manages = Boolean(user?.isPM || user?.isAdmin || user?.enterpriseId);

  const all = integrations.data ?? [];
  const shown = all.filter((i) => matches(search, i.name, i.description));
  const toggle = shown.find((i) => i.id === SWITCH_ID);
  const feed = shown.find((i) => i.kind === 'feed');
  const requestable = shown.filter((i) => i.kind === 'request' && !NOT_REQUESTED.includes(i.id));
  const promos = PROMOS.filter((p) => matches(search, p.title, p.text));
  const nothing = integrations.isSuccess && !toggle && !feed && requestable.length === 0 && promos.length === 0;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Integrations
        </Typography>
        <SearchBox value={search} placeholder="Search integrations" onSearch={setSearch} delayMs={0} />
      </Stack>
      {integrations.isFetching && <LinearProgress sx={{ height: 2 }} />}
      {integrations.isError && (
        <LoadError onRetry={() => void integrations.refetch()}>{errorMessage(integrations.error)}</LoadError>
      )}
      {nothing && (
        <Typography sx={{ color: 'text.secondary' }}>No integrations match &lsquo;{search.trim()}&rsquo;.</Typography>
      )}
      {promos.length > 0 && (
        <Box sx={grid}>
          {promos.map((p) => (
            <Card key={p.title} variant="outlined" sx={{ bgcolor: 'action.hover' }}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {p.title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {p.text}
                </Typography>
              </CardContent>
              <CardActions>
                <Button component={RouterLink} to={p.to}>
                  {p.action}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      {toggle && <SwitchCard integration={toggle} manages={manages} />}
      {feed && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {feed.name}
            </Typography>
            {manages && user?.builderId != null ? (
              <FeedSettings builderId={user.builderId} />
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {feed.description} Your program manager sets up the feed.
              </Typography>
            )}
          </CardContent>
        </Card>
      )}
      {requestable.length > 0 && (
        <Box sx={grid}>
          {requestable.map((i) => (
            <RequestCard key={i.id} integration={i} requests={requests.data ?? []} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' } as const;

function FeedSettings({ builderId }: { builderId: number }) {
  const settings = useFeedSettings(builderId);
  if (settings.isError)
    return <LoadError onRetry={() => void settings.refetch()}>{errorMessage(settings.error)}</LoadError>;
  if (!settings.data) return <LinearProgress sx={{ height: 2 }} aria-label="Loading feed settings" />;
  return <FeedSettingsCard builderId={builderId} saved={settings.data} />;
}

/** Integration 14: on or off for the builder, written as it is switched. */
function SwitchCard({ integration, manages }: { integration: Integration; manages: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const change = async (isActive: boolean) => {
    setSaving(true);
    try {
      await setIntegration(integration.id, isActive);
      notify.success(`${integration.name} is ${isActive ? 'on' : 'off'}`);
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      await queryClient.invalidateQueries({ queryKey: integrationsKey });
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Box>
            <Typography variant="h6" component="h2">
              {integration.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {integration.description}
              {manages ? '' : ' Your program manager turns it on or off.'}
            </Typography>
          </Box>
          <FormControlLabel
            label={integration.isActive ? 'On' : 'Off'}
            control={
              <Switch
                checked={integration.isActive}
                disabled={!manages || saving}
                onChange={(e) => void change(e.target.checked)}
                slotProps={{ input: { 'aria-label': integration.name } }}
              />
            }
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A card to ask for an integration: Send is disabled until the request says something. */
function RequestCard({ integration, requests }: { integration: Integration; requests: IntegrationRequest[] }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const last = requests.find((r) => r.name === integration.name);

  const send = async () => {
    setSending(true);
    try {
      const res = await requestIntegration({ name: integration.name, message: message.trim() });
      notify.success(res?.message ?? 'Your request has been sent');
      setMessage('');
      await queryClient.invalidateQueries({ queryKey: [...integrationsKey, 'requests'] });
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-label={integration.name}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {integration.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {integration.description}
        </Typography>
        <TextField
          label="Your request"
          placeholder={`What should ${integration.name} do for you?`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        {last && (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
            Requested by {last.created_by} on {formatDateTime(last.created_on)}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={message.trim() === '' || sending} onClick={() => void send()}>
          {sending ? 'Sending…' : 'Send'}
        </Button>
      </CardActions>
    </Card>
  );
}
