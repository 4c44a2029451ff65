import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProfitCenter } from '../../../api/types';
import { money } from '../../billing/invoices';
import { useProfitCenter } from '../api/insights';
import { ChartCard } from './ChartCard';
import { PeriodPage } from './PeriodPage';

const days = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${value} days`);

/**
 * /profit-center: what self-tours earned in a period: homes sold or rented after a self-tour and
 * their value, days on market of toured against untoured homes, and tours outside staffed hours
 * (the agents' time they saved), for the builder and per community.
 */
export default function ProfitCenterPage() {
  return (
    <PeriodPage title="Profit Center" useFigures={useProfitCenter}>
      {(data) => <Earnings data={data} />}
    </PeriodPage>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={label}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {detail}
      </Typography>
    </Paper>
  );
}

function Earnings({ data }: { data: ProfitCenter }) {
  const theme = useTheme();
  const { total, communities } = data;
  const rows = communities.map((c) => [
    c.community,
    c.soldAfterTour,
    c.soldTotal,
    c.valueAfterTour / 100,
    c.daysOnMarketToured ?? null,
    c.daysOnMarketUntoured ?? null,
    c.toursOutsideStaffHours,
    c.staffHoursSaved,
  ]);
  const compared = communities.filter((c) => c.daysOnMarketToured != null || c.daysOnMarketUntoured != null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
      >
        <Figure
          label="Sold after a self-tour"
          value={String(total.soldAfterTour)}
          detail={`of ${total.soldTotal} homes sold or rented`}
        />
        <Figure label="Value of those homes" value={money(total.valueAfterTour)} detail="at their list prices" />
        <Figure
          label="Days on market"
          value={days(total.daysOnMarketToured)}
          detail={`toured, against ${days(total.daysOnMarketUntoured)} untoured`}
        />
        <Figure
          label="Staff time saved"
          value={`${total.staffHoursSaved} hours`}
          detail={`${total.toursOutsideStaffHours} tours outside staffed hours, ${data.showingMinutes} minutes each`}
        />
      </Box>
      <ChartCard
        title="Days on market by community"
        empty={compared.length === 0}
        data={{
          file: 'profit-center-days-on-market.csv',
          headers: ['Community', 'Toured', 'Untoured'],
          rows: compared.map((c) => [c.community, c.daysOnMarketToured ?? null, c.daysOnMarketUntoured ?? null]),
        }}
      >
        <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 600, height: 260 }}>
          <BarChart data={compared} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="community" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Bar
              dataKey="daysOnMarketToured"
              name="Toured"
              fill={theme.palette.primary.main}
              isAnimationActive={false}
            />
            <Bar
              dataKey="daysOnMarketUntoured"
              name="Untoured"
              fill={theme.palette.grey[500]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="By community"
        empty={communities.length === 0}
        height={Math.min(420, 60 + communities.length * 37)}
        data={{
          file: 'profit-center-communities.csv',
          headers: [
            'Community',
            'Sold after a tour',
            'Sold in all',
            'Value after a tour (USD)',
            'Days on market, toured',
            'Days on market, untoured',
            'Tours outside staff hours',
            'Staff hours saved',
          ],
          rows,
        }}
      >
        <Box sx={{ overflow: 'auto', height: '100%', width: '100%' }}>
          <Table size="small" stickyHeader aria-label="Earnings by community">
            <TableHead>
              <TableRow>
                <TableCell>Community</TableCell>
                <TableCell align="right">Sold after a tour</TableCell>
                <TableCell align="right">Value</TableCell>
                <TableCell align="right">Days on market (toured / untoured)</TableCell>
                <TableCell align="right">Tours outside staff hours</TableCell>
                <TableCell align="right">Staff hours saved</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {communities.map((c) => (
                <TableRow key={c.communityId}>
                  <TableCell>{c.community}</TableCell>
                  <TableCell align="right">
                    {c.soldAfterTour} of {c.soldTotal}
                  </TableCell>
                  <TableCell align="right">{money(c.valueAfterTour)}</TableCell>
                  <TableCell align="right">
                    {c.daysOnMarketToured ?? '—'} / {c.daysOnMarketUntoured ?? '—'}
                  </TableCell>
                  <TableCell align="right">{c.toursOutsideStaffHours}</TableCell>
                  <TableCell align="right">{c.staffHoursSaved}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </ChartCard>
    </Box>
  );
}
