import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../api/session';

/** A simple welcome page; the stats, charts and recent visits come with the dashboard issue. */
export default function DashboardPage() {
  const { user } = useSession();
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Dashboard
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h2" component="p" sx={{ mb: 1 }}>
          Welcome, {user?.firstName} {user?.lastName}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {user?.builder ? `You are signed in for ${user.builder}.` : 'You are signed in.'} Use the menu on the left to
          manage your staff and teams.
        </Typography>
      </Paper>
    </>
  );
}
