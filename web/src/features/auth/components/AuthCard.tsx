import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Centered card used by the pages outside the shell (sign-in, reset, choose pages). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper sx={{ width: '100%', maxWidth: 420, p: 4 }} elevation={2}>
        <Typography sx={{ color: 'primary.main', fontWeight: 700, fontSize: 22, mb: 2 }}>Tourdesk</Typography>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {subtitle && <Typography sx={{ color: 'text.secondary', mb: 3 }}>{subtitle}</Typography>}
        {children}
      </Paper>
    </Box>
  );
}
