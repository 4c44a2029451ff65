import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BatteryChargingFullIcon from '@mui/icons-material/BatteryChargingFull';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import InsightsIcon from '@mui/icons-material/Insights';
import SavingsIcon from '@mui/icons-material/Savings';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SellIcon from '@mui/icons-material/Sell';
import { useBuilderIdParam } from '../../../app/builderSelection';
import { createStore, useStore } from '../../../lib/store';
import { MARKET_REPORT, PROPERTY_TOUR_REPORT, VISIT_REPORT, type ReportArea } from '../api/reports';
import { defaultStartDate, reportHref, reportReady, todayIso } from '../reportDates';
import { ReportDateFields } from './ReportDateFields';

/** The chosen days, kept while the console is open so that Go Back finds them again. */
const chosenDates = createStore({ startDate: defaultStartDate(), endDate: '' });

const REPORTS: { title: string; text: string; icon: ReactNode; report: ReportArea }[] = [
  {
    title: 'Tours Per Property Report',
    text: 'Tours, repeat visitors and the busiest day and hour of each home.',
    icon: <ApartmentIcon />,
    report: PROPERTY_TOUR_REPORT,
  },
  {
    title: 'Visit Report',
    text: 'Visits and tours of each community by web, app and call, and missed tours.',
    icon: <DirectionsWalkIcon />,
    report: VISIT_REPORT,
  },
  {
    title: 'Market Report',
    text: 'Homes sold in the period, the days they took to sell and their visits.',
    icon: <SellIcon />,
    report: MARKET_REPORT,
  },
];

const COMING_SOON: { title: string; icon: ReactNode }[] = [
  { title: 'Inventory Report', icon: <Inventory2Icon /> },
  { title: 'Battery Report', icon: <BatteryChargingFullIcon /> },
  { title: 'Invoice Report', icon: <ReceiptLongIcon /> },
];

/** /reports: the period, then a card per report; the cards stay inert until both dates are set. */
export default function ReportsPage() {
  const dates = useStore(chosenDates);
  const builderId = useBuilderIdParam();
  const today = todayIso();
  const ready = reportReady(dates.startDate, dates.endDate, today);
  const setDate = (name: 'startDate' | 'endDate', value: string) => chosenDates.set((d) => ({ ...d, [name]: value }));

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h1">Reports</Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/insights" variant="outlined" startIcon={<InsightsIcon />}>
            Insights
          </Button>
          <Button component={RouterLink} to="/profit-center" variant="outlined" startIcon={<SavingsIcon />}>
            Profit Center
          </Button>
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <ReportDateFields dates={dates} onChange={setDate} endHint="Choose both dates to open a report" />
        </Stack>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {REPORTS.map(({ title, text, icon, report }) => (
          <Card key={title} variant="outlined" sx={{ opacity: ready ? 1 : 0.6 }}>
            {ready ? (
              <CardActionArea
                component={RouterLink}
                to={reportHref(report.path, dates, builderId)}
                sx={{ height: '100%' }}
              >
                <ReportCardContent title={title} text={text} icon={icon} />
              </CardActionArea>
            ) : (
              <Box aria-disabled="true" role="link" aria-label={title}>
                <ReportCardContent title={title} text={text} icon={icon} />
              </Box>
            )}
          </Card>
        ))}
        {COMING_SOON.map(({ title, icon }) => (
          <Card
            key={title}
            variant="outlined"
            sx={{ bgcolor: 'action.hover', color: 'text.disabled' }}
            aria-disabled="true"
          >
            <ReportCardContent title={title} icon={icon} text={<Chip size="small" label="Coming Soon" />} />
          </Card>
        ))}
      </Box>
    </Box>
  );
}

function ReportCardContent({ title, text, icon }: { title: string; text: ReactNode; icon: ReactNode }) {
  return (
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {icon}
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      </Stack>
      <Typography variant="body2" component="div" sx={{ color: 'inherit' }}>
        {text}
      </Typography>
    </CardContent>
  );
}
