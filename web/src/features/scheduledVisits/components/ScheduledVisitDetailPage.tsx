import { useParams } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isNotFound } from '../../../api/client';
import type { ScheduledVisitDetail } from '../../../api/types';
import { DetailFields } from '../../../components/DetailFields';
import { GoBack } from '../../../components/GoBack';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import NotFound from '../../../components/NotFound';
import { zonedDate, zonedTime } from '../../../lib/zoned';
import { statusColor, useScheduledVisit } from '../api/scheduledVisits';

/** /schedule-visit/{id}: who booked the tour and the visit: date, time, home, client, agents, comments. */
export default function ScheduledVisitDetailPage() {
  const { scheduledVisitId = '' } = useParams();
  const visit = useScheduledVisit(scheduledVisitId);
  if (isNotFound(visit.error)) return <NotFound />;
  return (
    <Box>
      <GoBack to="/schedule-visit" label="Scheduled Visits" />
      {visit.isError ? (
        <LoadError onRetry={() => void visit.refetch()}>{loadErrorText('The scheduled visit', visit.error)}</LoadError>
      ) : visit.data && String(visit.data.id) === scheduledVisitId ? (
        <VisitView visit={visit.data} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>Loading scheduled visit…</Typography>
      )}
    </Box>
  );
}

function VisitView({ visit }: { visit: ScheduledVisitDetail }) {
  const initials = `${visit.first_name.charAt(0)}${visit.last_name.charAt(0)}`.toUpperCase();
  const zone = visit.timezoneValue ?? undefined;
  const at = new Date(visit.visit_date);
  const agents = visit.propertyAgents.map((a) => `${a.firstname} ${a.lastname}${a.is_project_manager ? ' (PM)' : ''}`);
  const fields: [string, string | null | undefined][] = [
    ['Date', zonedDate(at, zone)],
    ['Time', `${zonedTime(at, zone)} ${visit.timezoneAbbr ?? ''}`.trim()],
    ['Address', [visit.house_num, visit.address_1].filter(Boolean).join(' ')],
    ['Client', visit.builderName],
    ['Agents', agents.length > 0 ? agents.join(', ') : 'No agents were found'],
    ['Comments', visit.comments],
  ];
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar sx={{ width: 56, height: 56 }}>{initials}</Avatar>
        <Box>
          <Typography variant="h2" component="h1">
            {visit.first_name} {visit.last_name}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {[visit.email, visit.phone].filter(Boolean).join(' · ') || '—'}
          </Typography>
        </Box>
        <Chip label={visit.status} color={statusColor(visit.status)} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          Visit
        </Typography>
        <DetailFields fields={fields} />
      </Paper>
    </Stack>
  );
}
