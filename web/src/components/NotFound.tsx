import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** The one not-found page: for unknown routes and for records that do not exist (or are not the
 *  user's to see: the server answers those 404 too). */
export default function NotFound() {
  return (
    <Box
      sx={{
        minHeight: '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
      }}
    >
      <Typography variant="h1">Page not found</Typography>
      <Link component={RouterLink} to="/">
        Return to home page
      </Link>
    </Box>
  );
}
