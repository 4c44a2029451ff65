import type { UseQueryResult } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Count } from '../../../api/types';
import { LoadError, loadErrorText } from '../../../components/LoadError';

export interface StatCardProps {
  title: string;
  /** What the number counts over, e.g. `Last 30 days`. */
  caption: string;
  query: UseQueryResult<Count>;
}

/** One dashboard number with its own loading and error state. */
export function StatCard({ title, caption, query }: StatCardProps) {
  const id = `stat-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      data-testid="stat-card"
      sx={{ p: 2, minHeight: 128, display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {query.isPending ? (
        <CircularProgress size={28} aria-label={`Loading ${title}`} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>{loadErrorText(title, query.error)}</LoadError>
      ) : (
        <Typography
          data-testid="stat-value"
          sx={{ fontSize: 36, fontWeight: 700, lineHeight: 1.2, color: 'primary.main' }}
        >
          {query.data.count.toLocaleString('en-US')}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 'auto' }}>
        {caption}
      </Typography>
    </Paper>
  );
}
