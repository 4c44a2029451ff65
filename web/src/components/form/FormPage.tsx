import type { FormEventHandler, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessage, isNotFound } from '../../api/client';
import { LoadingScreen } from '../../app/LoadingScreen';
import { GoBack } from '../GoBack';
import NotFound from '../NotFound';

/**
 * An add/edit screen: Go Back to its list, the title, and the form on an outlined paper. Screens
 * that are not under a list (the builder settings pages) have no `back`.
 */
export function FormPage({
  back,
  title,
  intro,
  onSubmit,
  maxWidth,
  children,
}: {
  /** The list the form belongs to (Go Back's target). */
  back?: string;
  title: string;
  /** Shown between the title and the form (what the page is for, a picker). */
  intro?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box>
      {back && <GoBack to={back} />}
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {intro}
      <Paper variant="outlined" component="form" onSubmit={onSubmit} noValidate sx={{ p: 3, maxWidth }}>
        {children}
      </Paper>
    </Box>
  );
}

/** What an add/edit screen shows when its record cannot be loaded: Go Back and the message. */
export function FormPageError({ back, message }: { back: string; message: string }) {
  return (
    <>
      <GoBack to={back} />
      <Alert severity="error">{message}</Alert>
    </>
  );
}

/**
 * The route of an add/edit screen: without an id (`/x/add`) the form starts empty; with one
 * (`/x/{id}`) the record is loaded first, and a bad or unknown id is not found.
 */
export function RecordFormRoute<T>({
  id: param,
  back,
  useRecord,
  children,
}: {
  /** The route's id parameter, if any. */
  id: string | undefined;
  back: string;
  useRecord(id: number | null): UseQueryResult<T>;
  /** The form, for the record (null: a new one); keyed by the id so a new route starts afresh. */
  children(record: T | null, key: string): ReactNode;
}) {
  const id = param === undefined ? null : Number(param);
  const validId = id === null || (Number.isInteger(id) && id > 0);
  const record = useRecord(validId ? id : null);
  if (!validId || isNotFound(record.error)) return <NotFound />;
  if (id === null) return children(null, 'new');
  if (record.isPending) return <LoadingScreen />;
  if (record.isError) return <FormPageError back={back} message={errorMessage(record.error)} />;
  return children(record.data ?? null, String(id));
}
