import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { signIn, signInErrorMessage } from '../api/auth';
import { useCompleteSignIn, type FromState } from '../api/session';
import { AuthCard } from './AuthCard';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

export default function SignInPage() {
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const completeSignIn = useCompleteSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const filled = username.trim() !== '' && password !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!filled || busy) return;
    setBusy(true);
    setError(null);
    try {
      await completeSignIn(await signIn(username.trim(), password), { from });
    } catch (err) {
      setError(signInErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in" subtitle="Welcome to Tourdesk! Please sign in to your account.">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            required
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            fullWidth
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="text" size="small" onClick={() => setForgotOpen(true)}>
              Forgot password?
            </Button>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={!filled || busy} fullWidth>
            Sign In
          </Button>
        </Stack>
        <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
      </Box>
    </AuthCard>
  );
}
