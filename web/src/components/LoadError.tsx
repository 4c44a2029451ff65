import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../api/client';

/** `{What} could not be loaded: {message}`. */
export const loadErrorText = (what: string, error: unknown) => `${what} could not be loaded: ${errorMessage(error)}`;

export interface LoadErrorProps {
  /** What failed, with the server's or the client's message. */
  children: ReactNode;
  /** Offers a Retry button when given. */
  onRetry?(): void;
  /** Full text for a hover tooltip, when the alert shortens its text. */
  title?: string;
  sx?: SxProps<Theme>;
}

/** The error shown in place of data that did not load, with an optional Retry. */
export function LoadError({ children, onRetry, title, sx }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      title={title}
      sx={sx}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {children}
    </Alert>
  );
}
