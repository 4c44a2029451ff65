import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SeriesPoint } from '../../../api/types';
import { LoadError, loadErrorText } from '../../../components/LoadError';

export const NO_DATA = 'No data to show';
const HEIGHT = 260;

export interface VisitsChartProps {
  title: string;
  query: UseQueryResult<SeriesPoint[]>;
  /** The x-axis label of a point (a short day or month name). */
  label(point: SeriesPoint): string;
}

/** A line chart of visit counts; `No data to show` when there are no points or all are zero. */
export function VisitsChart({ title, query, label }: VisitsChartProps) {
  const theme = useTheme();
  const id = `chart-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const points = query.data ?? [];
  const empty = points.every((p) => p.visit_count === 0);
  const data = points.map((p) => ({ label: label(p), date: p.date, visits: p.visit_count }));
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ height: HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {query.isPending ? (
          <CircularProgress aria-label={`Loading ${title}`} />
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()}>{loadErrorText(title, query.error)}</LoadError>
        ) : empty ? (
          <Typography sx={{ color: 'text.secondary' }}>{NO_DATA}</Typography>
        ) : (
          <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 600, height: HEIGHT }}>
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip labelFormatter={(_, payload) => String(payload[0]?.payload?.date ?? '')} />
              <Line
                type="monotone"
                dataKey="visits"
                name="Visits"
                stroke={theme.palette.primary.main}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        )}
      </Box>
    </Paper>
  );
}
