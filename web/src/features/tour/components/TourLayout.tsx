import type { ReactNode } from 'react';
import { ThemeProvider, createTheme, useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TourBranding } from '../../../api/types';
import { ApiError } from '../../../api/client';
import { LoadError } from '../../../components/LoadError';

const HEX = /^#[0-9a-f]{6}$/i;

/** The visitor's pages in the builder's colours, phone first: its logo (or name) on top. */
export function TourLayout({ branding, children }: { branding: TourBranding | undefined; children: ReactNode }) {
  const base = useTheme();
  const primary = branding && HEX.test(branding.primary_color) ? branding.primary_color : base.palette.primary.main;
  const secondary =
    branding && HEX.test(branding.secondary_color) ? branding.secondary_color : base.palette.secondary.main;
  const theme = createTheme(base, { palette: { primary: { main: primary }, secondary: { main: secondary } } });
  const name = branding?.marketing_name || branding?.builder_name;
  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 1.5 }}>
          <Container maxWidth="sm" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            {branding?.logo && (
              <Box
                component="img"
                src={branding.logo}
                alt=""
                sx={{ height: 36, maxWidth: 120, objectFit: 'contain' }}
              />
            )}
            <Typography component="p" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
              {name ?? 'Self-guided tours'}
            </Typography>
          </Container>
        </Box>
        <Container component="main" maxWidth="sm" sx={{ py: 2 }}>
          {children}
        </Container>
      </Box>
    </ThemeProvider>
  );
}

/** The loading bar, a not-found text or a load error with Retry, for a tour page's query. */
export function TourPageState({
  isPending,
  error,
  what,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  what: string;
  onRetry(): void;
}) {
  if (isPending) return <LinearProgress aria-label={`Loading the ${what}`} />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Typography variant="h1" component="h1">
        This {what} could not be found
      </Typography>
    );
  }
  return <LoadError onRetry={onRetry}>{`The ${what} could not be loaded. Try again.`}</LoadError>;
}
