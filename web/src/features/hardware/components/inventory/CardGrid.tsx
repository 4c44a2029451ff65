import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ListResponse } from '../../../../api/types';
import { LoadError, loadErrorText } from '../../../../components/LoadError';
import { Pager } from '../../../../components/list';

export function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

export function NoRecord() {
  return <Typography sx={{ py: 3, textAlign: 'center' }}>No record exist!</Typography>;
}

export interface CardGridProps<T> {
  /** What the cards are (`Hubs`): a section's heading, and the load error's subject. */
  title: string;
  /**
   * One of several lists on a page: headed by its title and count, and nothing while it loads or
   * when empty (the page shows one spinner and one empty text for all). A list alone shows both.
   */
  section?: boolean;
  result: UseQueryResult<ListResponse<T>>;
  rowKey(row: T): string | number;
  renderCard(row: T): ReactNode;
  page: number;
  limit: number;
  onPageChange(page: number): void;
  onLimitChange(limit: number): void;
}

/**
 * A server-paged list shown as cards (one to four per row with the screen's width), with its
 * load error and Retry, and the shared Pager once the list has more than one page.
 */
export function CardGrid<T>({
  title,
  section = false,
  result,
  rowKey,
  renderCard,
  page,
  limit,
  onPageChange,
  onLimitChange,
}: CardGridProps<T>) {
  if (result.isError)
    return (
      <LoadError sx={{ my: 1 }} onRetry={() => void result.refetch()}>
        {loadErrorText(title, result.error)}
      </LoadError>
    );
  if (result.isPending) return section ? null : <Loading />;
  const { data: rows, total } = result.data;
  if (rows.length === 0) return section ? null : <NoRecord />;
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      {section && (
        <Typography variant="h3" sx={{ mb: 1 }}>
          {title} ({total})
        </Typography>
      )}
      <Grid container spacing={2}>
        {rows.map((row) => (
          <Grid key={rowKey(row)} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            {renderCard(row)}
          </Grid>
        ))}
      </Grid>
      {total > limit && (
        <Pager page={page} limit={limit} total={total} onPageChange={onPageChange} onLimitChange={onLimitChange} />
      )}
    </Box>
  );
}
