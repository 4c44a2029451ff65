import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { SNACKBAR_HIDE_MS, SNACKBAR_PITCH_PX } from './config';
import { createQueryClient } from './queryClient';
import { theme } from './theme';

// notistack wraps each snackbar in 6 px of padding above and below: a content height of 63 px
// puts the tops of stacked snackbars 75 px apart.
const SnackbarContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent': {
    minHeight: SNACKBAR_PITCH_PX - 12,
    boxSizing: 'border-box',
    fontFamily: theme.typography.fontFamily,
  },
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
