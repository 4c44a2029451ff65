import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ApiError, errorMessage } from '../../../api/client';
import { NewPasswordFields, useNewPassword } from '../../../components/form/NewPasswordFields';
import {
  checkResetToken,
  refreshResetToken,
  resetErrorMessage,
  resetPassword,
  TOKEN_EXPIRED,
  type ResetTokens,
} from '../api/auth';
import { AuthCard } from './AuthCard';

export const PASSWORD_MISMATCH = "Password doesn't match";

/**
 * /reset_password?token=..&refreshToken=..: checks the token (or refreshes it, rewriting the URL;
 * failing both goes to /login), then sets the new password, refreshing the token once if the
 * server says it expired.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tokens = useRef<ResetTokens>({
    token: searchParams.get('token') ?? '',
    refreshToken: searchParams.get('refreshToken') ?? '',
  });
  const [phase, setPhase] = useState<'checking' | 'ready' | 'done'>('checking');
  const [serverError, setServerError] = useState<string | null>(null);
  const pw = useNewPassword(() => setServerError(null));
  const { password } = pw;
  const [saving, setSaving] = useState(false);
  const started = useRef(false);

  const refresh = async (): Promise<ResetTokens> => {
    const fresh = await refreshResetToken(tokens.current.refreshToken);
    tokens.current = { token: fresh.token, refreshToken: fresh.refreshToken };
    setSearchParams({ token: fresh.token, refreshToken: fresh.refreshToken }, { replace: true });
    return fresh;
  };

  useEffect(() => {
    // Refresh tokens are single-use: run the check once even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (!tokens.current.token) throw new Error('no token');
        await checkResetToken(tokens.current.token);
        setPhase('ready');
      } catch {
        try {
          if (!tokens.current.refreshToken) throw new Error('no refresh token');
          await refresh();
          setPhase('ready');
        } catch {
          navigate('/login', { replace: true });
        }
      }
    })();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pw.check()) return;
    setSaving(true);
    setServerError(null);
    try {
      try {
        await resetPassword(tokens.current.token, password);
      } catch (err) {
        if (!(err instanceof ApiError) || err.message !== TOKEN_EXPIRED) throw err;
        let fresh: ResetTokens;
        try {
          fresh = await refresh();
        } catch (refreshErr) {
          setServerError(errorMessage(refreshErr, TOKEN_EXPIRED));
          return;
        }
        await resetPassword(fresh.token, password);
      }
      setPhase('done');
    } catch (err) {
      setServerError(resetErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const hasError = pw.mismatch || serverError !== null;
  const disabled = !pw.filled || saving || hasError;

  return (
    <AuthCard
      title="Reset password"
      subtitle={phase === 'checking' ? undefined : 'Choose a new password for your account.'}
    >
      {phase === 'checking' ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Checking the link" />
        </Box>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <NewPasswordFields state={pw} mismatchMessage={PASSWORD_MISMATCH} />
            <Button type="submit" variant="contained" disabled={disabled} fullWidth>
              Submit
            </Button>
          </Stack>
        </Box>
      )}
      <Dialog open={phase === 'done'} aria-labelledby="reset-success-title">
        <DialogTitle id="reset-success-title">Success!</DialogTitle>
        <DialogContent>
          <DialogContentText>Your password has been changed. Please log in with your new password.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} to="/login" variant="contained">
            Sign In
          </Button>
        </DialogActions>
      </Dialog>
    </AuthCard>
  );
}
