import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TourBranding } from '../../../api/types';
import { FormTextField, PasswordField, PhoneField, applyServerErrors, serverErrorText } from '../../../components/form';
import { requiredEmail, requiredPhone } from '../../../components/form/rules';
import { errorMessage } from '../../../api/client';
import { sendCode, useVisitorMe, verifyCode, visitorSignIn } from '../api/tour';
import { saveVisitorSession, useVisitorSession } from '../visitorSession';
import { PreTourSurvey, preTourAnswered } from './PreTourSurvey';
import { ScheduleTour } from './ScheduleTour';
import { SelfieStep } from './SelfieStep';
import { TourNow } from './TourNow';

/** What the visitor accepts when the builder has no disclosure of its own. */
export const DEFAULT_DISCLOSURE =
  'I will tour this home on my own, follow the posted rules, and lock the door when I leave. ' +
  'Entry is recorded with my name and the time.';

const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(250, `${label} must be at most 250 characters`);

const detailsSchema = z.object({
  firstname: name('First Name'),
  lastname: name('Last Name'),
  phone: requiredPhone,
  email: requiredEmail,
  disclosure_accepted: z.boolean().refine((v) => v, 'Accept the disclosure to continue'),
});
type Details = z.infer<typeof detailsSchema>;

const codeSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'Type the six digits of the code') });
type CodeValues = z.infer<typeof codeSchema>;

const accountSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});
type AccountValues = z.infer<typeof accountSchema>;

const EMPTY_DETAILS: Details = { firstname: '', lastname: '', phone: '', email: '', disclosure_accepted: false };

/**
 * Who is touring: the visitor gives their name, phone and email and accepts the disclosure, then
 * types the code texted to them; a visitor with a verified account from the builder signs in.
 */
export function VisitorIdentity({
  webflow,
  propertyId,
  branding,
}: {
  webflow: string;
  propertyId: number;
  branding: TourBranding;
}) {
  const { session, signOut } = useVisitorSession(webflow);
  const [challenge, setChallenge] = useState<{ challenge: string; message: string } | null>(null);
  const [withAccount, setWithAccount] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [surveyed, setSurveyed] = useState(false);
  const asksSelfie = branding.selfie_verification_active;
  const me = useVisitorMe(webflow, session?.token ?? '', !!session && asksSelfie);

  if (session) {
    const step =
      asksSelfie && !me.data ? (
        me.isError ? (
          <Alert severity="error">{errorMessage(me.error)}</Alert>
        ) : (
          <LinearProgress aria-label="Loading" />
        )
      ) : asksSelfie && !me.data?.selfie_taken ? (
        <SelfieStep webflow={webflow} session={session} />
      ) : surveyed || preTourAnswered(webflow, session.token) ? (
        <>
          <TourNow webflow={webflow} propertyId={propertyId} session={session} />
          <Box sx={{ mt: 3 }}>
            <ScheduleTour webflow={webflow} propertyId={propertyId} session={session} />
          </Box>
        </>
      ) : (
        <PreTourSurvey webflow={webflow} session={session} onDone={() => setSurveyed(true)} />
      );
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h3" component="h2">
          You&apos;re verified, {session.firstname}
        </Typography>
        <Typography sx={{ mt: 1, mb: 2 }}>
          Signed in as {session.firstname} {session.lastname} with {branding.builder_name}.
        </Typography>
        {step}
        <Button sx={{ mt: 1, px: 0 }} onClick={signOut}>
          Not you? Sign out
        </Button>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        Who&apos;s touring?
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {withAccount ? (
        <AccountForm
          webflow={webflow}
          onFailure={setFailure}
          onBack={() => {
            setFailure(null);
            setWithAccount(false);
          }}
        />
      ) : challenge ? (
        <CodeForm
          webflow={webflow}
          challenge={challenge}
          onFailure={setFailure}
          onRestart={() => {
            setFailure(null);
            setChallenge(null);
          }}
        />
      ) : (
        <DetailsForm
          webflow={webflow}
          propertyId={propertyId}
          branding={branding}
          onSent={(sent) => {
            setFailure(null);
            setChallenge(sent);
          }}
          onFailure={setFailure}
          onAccount={() => {
            setFailure(null);
            setWithAccount(true);
          }}
        />
      )}
    </Paper>
  );
}

function DetailsForm({
  webflow,
  propertyId,
  branding,
  onSent,
  onFailure,
  onAccount,
}: {
  webflow: string;
  propertyId: number;
  branding: TourBranding;
  onSent(sent: { challenge: string; message: string }): void;
  onFailure(message: string | null): void;
  onAccount(): void;
}) {
  const { control, handleSubmit, setError, formState } = useForm<Details>({
    resolver: zodResolver(detailsSchema),
    defaultValues: EMPTY_DETAILS,
  });
  const disclosure = branding.custom_disclosure;
  const submit = handleSubmit(async (values) => {
    try {
      const sent = await sendCode(webflow, propertyId, values);
      onSent({ challenge: sent.challenge, message: sent.message });
    } catch (e) {
      if (!applyServerErrors(e, setError, ['firstname', 'lastname', 'phone', 'email', 'disclosure_accepted'])) {
        onFailure(serverErrorText(e));
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <FormTextField control={control} name="firstname" label="First Name" required autoComplete="given-name" />
        <FormTextField control={control} name="lastname" label="Last Name" required autoComplete="family-name" />
        <PhoneField control={control} name="phone" label="Phone" required autoComplete="tel-national" />
        <FormTextField control={control} name="email" label="Email" type="email" required autoComplete="email" />
        <Box>
          {disclosure && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>
              {disclosure.text}
            </Typography>
          )}
          <Controller
            control={control}
            name="disclosure_accepted"
            render={({ field, fieldState }) => (
              <>
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={disclosure ? `I accept the ${disclosure.name}` : DEFAULT_DISCLOSURE}
                />
                {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
              </>
            )}
          />
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          Text me a code
        </Button>
        <Link component="button" type="button" onClick={onAccount} sx={{ alignSelf: 'flex-start' }}>
          I have an account from {branding.builder_name}
        </Link>
      </Stack>
    </form>
  );
}

function CodeForm({
  webflow,
  challenge,
  onFailure,
  onRestart,
}: {
  webflow: string;
  challenge: { challenge: string; message: string };
  onFailure(message: string | null): void;
  onRestart(): void;
}) {
  const { control, handleSubmit, setError, formState } = useForm<CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      saveVisitorSession(webflow, await verifyCode(webflow, { challenge: challenge.challenge, code: values.code }));
    } catch (e) {
      if (!applyServerErrors(e, setError, ['code'])) onFailure(serverErrorText(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <Typography>{challenge.message}. It works for ten minutes.</Typography>
        <FormTextField
          control={control}
          name="code"
          label="Code"
          required
          autoFocus
          autoComplete="one-time-code"
          transform={(typed) => typed.replace(/\D/g, '').slice(0, 6)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          Verify
        </Button>
        <Link component="button" type="button" onClick={onRestart} sx={{ alignSelf: 'flex-start' }}>
          Send a new code
        </Link>
      </Stack>
    </form>
  );
}

function AccountForm({
  webflow,
  onFailure,
  onBack,
}: {
  webflow: string;
  onFailure(message: string | null): void;
  onBack(): void;
}) {
  const { control, handleSubmit, setError, formState } = useForm<AccountValues>({
    resolver: zodResolver(accountSchema),
    defaultValues: { username: '', password: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      saveVisitorSession(webflow, await visitorSignIn(webflow, values));
    } catch (e) {
      if (!applyServerErrors(e, setError, ['username', 'password'])) onFailure(serverErrorText(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <FormTextField control={control} name="username" label="Username" required autoComplete="username" />
        <PasswordField control={control} name="password" label="Password" required autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          Sign in
        </Button>
        <Link component="button" type="button" onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
          Verify with a texted code instead
        </Link>
      </Stack>
    </form>
  );
}
