import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Insights } from '../../../api/types';
import { useInsights } from '../api/insights';
import { PeriodPage } from './PeriodPage';
import { ChartCard } from './ChartCard';

const CHART_HEIGHT = 260;

/**
 * /insights: for a period, the top bar's builder and a community, tours over time, tours by
 * weekday and by hour, the funnel from registration to sale, and each community's figures; each
 * chart's data downloads as CSV.
 */
export default function InsightsPage() {
  return (
    <PeriodPage title="Insights" useFigures={useInsights}>
      {(data) => <Charts data={data} />}
    </PeriodPage>
  );
}

function Charts({ data }: { data: Insights }) {
  const theme = useTheme();
  const primary = theme.palette.primary.main;
  const secondary = theme.palette.grey[500];
  const noTours = data.byWeekday.every((w) => w.tours === 0);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' } }}>
      <ChartCard
        title="Tours over time"
        empty={data.toursOverTime.every((p) => p.visits === 0)}
        data={{
          file: 'insights-tours-over-time.csv',
          headers: [`Period (${data.granularity})`, 'Visits', 'Tours'],
          rows: data.toursOverTime.map((p) => [p.period, p.visits, p.tours]),
        }}
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={{ width: 600, height: CHART_HEIGHT }}>
          <LineChart data={data.toursOverTime} accessibilityLayer margin={{ top: 8, right: 16, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="period" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            <Line dataKey="visits" name="Visits" stroke={secondary} dot={false} isAnimationActive={false} />
            <Line dataKey="tours" name="Tours" stroke={primary} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title="The funnel"
        caption="Visitors who registered, first toured and first made an offer in the period, and homes sold or rented after a tour."
        empty={data.funnel.every((s) => s.count === 0)}
        data={{
          file: 'insights-funnel.csv',
          headers: ['Stage', 'Count'],
          rows: data.funnel.map((s) => [s.stage, s.count]),
        }}
      >
        <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={{ width: 600, height: CHART_HEIGHT }}>
          <BarChart data={data.funnel} layout="vertical" accessibilityLayer margin={{ left: 40, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="stage" width={110} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="count" name="People and homes" fill={primary} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <TourBars
        title="Tours by weekday"
        file="insights-tours-by-weekday.csv"
        column="Weekday"
        empty={noTours}
        bars={data.byWeekday.map((w) => ({ label: w.weekday, axis: w.weekday.slice(0, 3), tours: w.tours }))}
      />
      <TourBars
        title="Tours by hour"
        file="insights-tours-by-hour.csv"
        column="Hour"
        empty={noTours}
        bars={data.byHour.map((h) => ({ label: h.label, axis: h.label, tours: h.tours }))}
      />
      <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
        <ChartCard
          title="By community"
          empty={data.communities.length === 0}
          height={Math.min(420, 60 + data.communities.length * 37)}
          data={{
            file: 'insights-communities.csv',
            headers: ['Community', 'Visits', 'Tours', 'Offers', 'Sold after a tour'],
            rows: data.communities.map((c) => [c.community, c.visits, c.tours, c.offers, c.sales]),
          }}
        >
          <Box sx={{ overflow: 'auto', height: '100%', width: '100%' }}>
            <Table size="small" stickyHeader aria-label="By community">
              <TableHead>
                <TableRow>
                  <TableCell>Community</TableCell>
                  <TableCell align="right">Visits</TableCell>
                  <TableCell align="right">Tours</TableCell>
                  <TableCell align="right">Offers</TableCell>
                  <TableCell align="right">Sold after a tour</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.communities.map((c) => (
                  <TableRow key={c.communityId}>
                    <TableCell>{c.community}</TableCell>
                    <TableCell align="right">{c.visits}</TableCell>
                    <TableCell align="right">{c.tours}</TableCell>
                    <TableCell align="right">{c.offers}</TableCell>
                    <TableCell align="right">{c.sales}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </ChartCard>
      </Box>
    </Box>
  );
}

/** A bar chart of tours (by weekday, by hour) with its CSV. */
function TourBars({
  title,
  file,
  column,
  empty,
  bars,
}: {
  title: string;
  file: string;
  column: string;
  empty: boolean;
  bars: { label: string; axis: string; tours: number }[];
}) {
  const theme = useTheme();
  return (
    <ChartCard
      title={title}
      empty={empty}
      data={{ file, headers: [column, 'Tours'], rows: bars.map((b) => [b.label, b.tours]) }}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={{ width: 600, height: CHART_HEIGHT }}>
        <BarChart data={bars} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="axis" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="tours" name="Tours" fill={theme.palette.primary.main} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
