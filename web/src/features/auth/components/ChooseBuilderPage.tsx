import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useEnterpriseBuilders } from '../../builders/api/useBuilders';
import { enterpriseUser } from '../api/auth';
import { useCompleteSignIn, useLogout } from '../api/session';
import { AuthCard } from './AuthCard';

/** /choose_builder: an enterprise user without an enterprise picks the builder to act for. */
export default function ChooseBuilderPage() {
  const { user } = useSession();
  const builders = useEnterpriseBuilders();
  const [builderId, setBuilderId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const logout = useLogout();
  const list = builders.data ?? [];
  const builder = list.find((b) => String(b.builder_id) === builderId) ?? null;

  const signInAs = async () => {
    if (!builder || !user) return;
    setBusy(true);
    setError(null);
    try {
      const auth = await enterpriseUser(user.username, builder.builder_id);
      await completeSignIn(auth, { to: '/' });
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Choose a builder" subtitle="Pick the builder you want to work for.">
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        {builders.isError && <Alert severity="error">{errorMessage(builders.error)}</Alert>}
        {builders.isSuccess && list.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No builders were found</Typography>
        ) : (
          <TextField
            select
            label="Builder"
            value={builderId}
            onChange={(e) => setBuilderId(e.target.value)}
            disabled={builders.isPending}
          >
            {list.map((b) => (
              <MenuItem key={b.builder_id} value={String(b.builder_id)}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button variant="contained" disabled={!builder || busy} onClick={signInAs}>
          {builder ? `Sign in as PM for ${builder.name}` : 'Sign in'}
        </Button>
        <Button onClick={logout}>Log out</Button>
      </Stack>
    </AuthCard>
  );
}
