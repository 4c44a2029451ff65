import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { ReportDateFields } from '../../reports/components/ReportDateFields';
import { isoDay, reportReady, todayIso } from '../../reports/reportDates';
import { useCommunityChoices, type InsightsQuery } from '../api/insights';

/** Ninety days up to today, the period the pages open with. */
function lastNinetyDays(now = new Date()) {
  const start = new Date(now);
  start.setDate(now.getDate() - 89);
  return { startDate: isoDay(start), endDate: isoDay(now) };
}

/**
 * A page of figures for a period (the reports' date rules), the top bar's builder and a
 * community: the filters, a progress bar while loading, the error with Retry, then the figures.
 */
export function PeriodPage<T>({
  title,
  useFigures,
  children,
}: {
  title: string;
  useFigures(query: InsightsQuery, enabled: boolean): UseQueryResult<T>;
  children(figures: T): ReactNode;
}) {
  const [dates, setDates] = useState(lastNinetyDays);
  const [communityId, setCommunityId] = useState<number | null>(null);
  const ready = reportReady(dates.startDate, dates.endDate, todayIso());
  const figures = useFigures({ ...dates, communityId }, ready);
  const communities = useCommunityChoices();
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <ReportDateFields dates={dates} onChange={(name, value) => setDates((d) => ({ ...d, [name]: value }))} />
          <TextField
            select
            label="Community"
            value={communityId ?? 0}
            onChange={(e) => setCommunityId(Number(e.target.value) || null)}
            sx={{ minWidth: 240 }}
            helperText={communities.isError ? 'Communities could not be loaded' : ' '}
          >
            <MenuItem value={0}>All communities</MenuItem>
            {(communities.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>
      {figures.isFetching && <LinearProgress aria-label={`Loading ${title}`} sx={{ mb: 1 }} />}
      {figures.isError && (
        <LoadError onRetry={() => void figures.refetch()}>{loadErrorText(title, figures.error)}</LoadError>
      )}
      {figures.data && children(figures.data)}
    </Box>
  );
}
