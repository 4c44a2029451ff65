import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { isNotFound } from '../../../../api/client';
import { LoadError, loadErrorText } from '../../../../components/LoadError';

/**
 * A device query's data, or its spinner, or its error with Retry. `notFound` is the empty text for
 * a device the server does not know (404).
 */
export function Loaded<T>({
  query,
  what,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  /** `The hub`: the error reads `The hub could not be loaded: …`. */
  what: string;
  notFound?: string;
  children(data: T): ReactNode;
}) {
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={24} aria-label={`Loading ${what.replace(/^The /, '')}`} />
      </Box>
    );
  // A failed refetch keeps what was read (the smart lock polls): only a first load fails here.
  if (query.data !== undefined) return children(query.data);
  if (notFound && isNotFound(query.error)) return <Typography sx={{ color: 'text.secondary' }}>{notFound}</Typography>;
  return <LoadError onRetry={() => void query.refetch()}>{loadErrorText(what, query.error)}</LoadError>;
}
