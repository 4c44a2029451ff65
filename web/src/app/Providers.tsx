import { forwardRef, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, type CustomContentProps } from 'notistack';
import { SNACKBAR_HIDE_MS, SNACKBAR_PITCH_PX } from './config';
import { createQueryClient } from './queryClient';
import { theme } from './theme';

// Stacked snackbars sit 75 px apart (spec). notistack has no spacing setting (only `dense`, 2 px):
// it wraps each snackbar in 6 px of padding above and below and stacks them by their height. So
// every snackbar is exactly 63 px high: the message wraps onto at most two lines and ends with an
// ellipsis beyond that; the whole text stays in the DOM (read by screen readers) and shows as a
// tooltip on hover (which also pauses the timer).
const SNACKBAR_HEIGHT_PX = SNACKBAR_PITCH_PX - 12;

const StyledContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent': {
    height: SNACKBAR_HEIGHT_PX,
    maxWidth: 480,
    boxSizing: 'border-box',
    flexWrap: 'nowrap',
    overflow: 'hidden',
    fontFamily: theme.typography.fontFamily,
  },
  '& #notistack-snackbar': { padding: '4px 0', minWidth: 0 },
  '& .snackbar-text': {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
});

const SnackbarContent = forwardRef<HTMLDivElement, CustomContentProps>(function SnackbarContent(props, ref) {
  const text = typeof props.message === 'string' ? props.message : undefined;
  return (
    <StyledContent
      ref={ref}
      {...props}
      message={
        <span className="snackbar-text" title={text}>
          {props.message}
        </span>
      }
    />
  );
});

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          autoHideDuration={SNACKBAR_HIDE_MS}
          maxSnack={5}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          Components={{
            success: SnackbarContent,
            error: SnackbarContent,
            info: SnackbarContent,
            warning: SnackbarContent,
            default: SnackbarContent,
          }}
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
