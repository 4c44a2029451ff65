import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import FavoriteIcon from '@mui/icons-material/Favorite';
import { errorMessage, isNotFound } from '../../../api/client';
import type { CustomerDetail, CustomerVisit } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { DetailFields } from '../../../components/DetailFields';
import { GoBack } from '../../../components/GoBack';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import NotFound from '../../../components/NotFound';
import { formatZoned } from '../../../lib/zoned';
import { BLACKLISTED, useBlacklist, useCustomer, useCustomerSelfie } from '../api/customers';
import { parseRemarks } from '../lib/remarks';

/** /customers/{customerId}: the profile card, the blacklist switch and the visit activity. */
export default function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const customer = useCustomer(customerId);
  if (isNotFound(customer.error)) return <NotFound />;
  return (
    <Box>
      <GoBack to="/customers" label="Back" />
      {customer.isError ? (
        <LoadError onRetry={() => void customer.refetch()}>{loadErrorText('The customer', customer.error)}</LoadError>
      ) : customer.data && String(customer.data.customer_id) === customerId ? (
        <CustomerView customer={customer.data} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>Loading customer…</Typography>
      )}
    </Box>
  );
}

function CustomerView({ customer }: { customer: CustomerDetail }) {
  const hasSurvey = customer.surveyResults.length > 0;
  const [tab, setTab] = useState<'activity' | 'survey'>('activity');
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Profile customer={customer} />
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Tabs value={hasSurvey ? tab : 'activity'} onChange={(_, v: 'activity' | 'survey') => setTab(v)}>
          <Tab value="activity" label="Activity" />
          {hasSurvey && <Tab value="survey" label="Survey" />}
        </Tabs>
        <Divider />
        <Box sx={{ p: 2 }}>
          {tab === 'survey' && hasSurvey ? <Survey customer={customer} /> : <Activity visits={customer.visits} />}
        </Box>
      </Paper>
    </Stack>
  );
}

function Profile({ customer }: { customer: CustomerDetail }) {
  const notify = useNotify();
  const blacklist = useBlacklist(String(customer.customer_id));
  const blacklisted = customer.visitor_status_id === BLACKLISTED;
  const fields: [string, string | null | undefined][] = [
    ['Email', customer.email_1],
    ['Phone', customer.cell_phone_1],
    ['Street address', customer.street_address],
    ['City', customer.city],
    ['State', customer.state],
    ['Zipcode', customer.zipcode],
    ['Visitor type', customer.visitor_type_id_value],
    ['Contact status', customer.visitor_contact_status_id_value],
    ['Customer status', customer.visitor_status_id_value],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 3, width: { xs: '100%', md: 340 }, flexShrink: 0 }}>
      <Typography variant="h2" component="h1">
        {customer.firstname} {customer.lastname}
      </Typography>
      {customer.selfie_on && <Selfie customer={customer} />}
      <Box sx={{ my: 2 }}>
        <DetailFields fields={fields} columnGap={2} />
      </Box>
      <FormControlLabel
        label="Blacklisted"
        control={
          <Switch
            checked={blacklist.isPending ? blacklist.variables : blacklisted}
            disabled={blacklist.isPending}
            onChange={(e) =>
              blacklist.mutate(e.target.checked, {
                onSuccess: (r) => notify.success(r.message),
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          />
        }
      />
    </Paper>
  );
}

/** The visitor's selfie from the tour page, with when it was taken. */
function Selfie({ customer }: { customer: CustomerDetail }) {
  const selfie = useCustomerSelfie(customer.customer_id, customer.selfie_on);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!selfie.data) return;
    const made = URL.createObjectURL(selfie.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [selfie.data]);
  return (
    <Box sx={{ mt: 2 }}>
      {url ? (
        <Box
          component="img"
          src={url}
          alt={`Selfie of ${customer.firstname} ${customer.lastname}`}
          sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 1, display: 'block' }}
        />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>
          {selfie.isError ? 'The selfie could not be loaded.' : 'Loading the selfie…'}
        </Typography>
      )}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Selfie taken {new Date(customer.selfie_on ?? '').toLocaleString('en-US')}
      </Typography>
    </Box>
  );
}

function Activity({ visits }: { visits: CustomerVisit[] }) {
  if (visits.length === 0) return <Typography sx={{ color: 'text.secondary' }}>No record exist!</Typography>;
  return (
    <Stack divider={<Divider flexItem />} spacing={2}>
      {visits.map((v) => (
        <VisitEntry key={v.customer_visit_id} visit={v} />
      ))}
    </Stack>
  );
}

function VisitEntry({ visit }: { visit: CustomerVisit }) {
  const agents = visit.agents.map((a) => `${a.firstname} ${a.lastname}${a.is_project_manager ? ' (PM)' : ''}`);
  return (
    <Box component="article" aria-label={`Visit ${visit.customer_visit_id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {formatZoned(visit.modified_on, visit.propTimezoneValue ?? undefined)} {visit.propertyTimezone ?? ''}
        </Typography>
        <Chip
          size="small"
          label={visit.visit_status_id_value}
          color={visit.visit_status_id_value === 'Accessed' ? 'success' : 'default'}
        />
        {visit.attribution && <Chip size="small" variant="outlined" label={visit.attribution} />}
      </Stack>
      <Typography>
        {visit.address_1}
        {visit.house_num ? ` · Lot ${visit.house_num}` : ''} · Property {visit.property_id}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {visit.builder}
        {agents.length > 0 ? ` · Agents: ${agents.join(', ')}` : ''}
      </Typography>
      <Remarks text={visit.remarks} />
    </Box>
  );
}

function Remarks({ text }: { text: string | null | undefined }) {
  const blocks = parseRemarks(text);
  if (blocks.length === 0) return null;
  return (
    <Box sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'feedback':
            return (
              <Typography key={i} variant="subtitle2">
                User sent feedback
              </Typography>
            );
          case 'stars':
            return (
              <Rating
                key={i}
                value={block.rating}
                max={block.of}
                readOnly
                size="small"
                aria-label={`${block.rating} of ${block.of} stars`}
              />
            );
          case 'text':
            return block.lines.map((line, n) => (
              <Typography key={`${i}-${n}`} variant="body2">
                {line}
              </Typography>
            ));
          case 'section':
            return (
              <Box key={i} sx={{ mt: 0.5 }}>
                <Typography variant="subtitle2">{block.title}</Typography>
                {block.lines.map((line, n) => (
                  <Typography key={n} variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    {line.loved && <FavoriteIcon fontSize="inherit" color="error" aria-label="Loved" />}
                    {line.text}
                  </Typography>
                ))}
              </Box>
            );
        }
      })}
    </Box>
  );
}

function Survey({ customer }: { customer: CustomerDetail }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {customer.surveyResults.map((r, i) => (
        <Box key={i} sx={{ mb: 1.5 }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {r.question}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {r.answer}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
