import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { GoBack } from '../GoBack';

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
