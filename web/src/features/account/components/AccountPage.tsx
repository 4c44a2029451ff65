import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../api/session';
import { useFeatureFlags } from '../../../app/startup';
import { hasRole, USER_PM } from '../../../app/roles';
import { billingAvailable } from '../billingAccess';

/** /account: Edit profile, Billing for program managers with BILLING_UI, and API Keys for staff who reach the console's areas. */
export default function AccountPage() {
  const { pathname } = useLocation();
  const { flags } = useFeatureFlags();
  const { user } = useSession();
  const tabs = [{ label: 'Edit profile', to: '/account/edit-profile' }];
  if (billingAvailable(flags, user)) tabs.push({ label: 'Billing', to: '/account/billing' });
  if (hasRole(user, USER_PM)) tabs.push({ label: 'API Keys', to: '/account/api-keys' });
  const current = tabs.find((t) => pathname === t.to || pathname.startsWith(`${t.to}/`))?.to ?? false;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Account
      </Typography>
      <Paper variant="outlined">
        <Tabs value={current} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          {tabs.map((t) => (
            <Tab key={t.to} label={t.label} value={t.to} component={RouterLink} to={t.to} />
          ))}
        </Tabs>
        <Box sx={{ p: 3 }}>
          <Outlet />
        </Box>
      </Paper>
    </Box>
  );
}
