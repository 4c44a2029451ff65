import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage, isNotFound } from '../../../api/client';
import NotFound from '../../../components/NotFound';
import { useSession } from '../../../api/session';
import { LoadingScreen } from '../../../app/LoadingScreen';
import { useNotify } from '../../../app/notify';
import {
  BuilderSelectField,
  FormPage,
  FormPageError,
  FormTextField,
  NameField,
  PhoneField,
  applyServerErrors,
  useFormBuilderChoice,
  useFormUnsaved,
} from '../../../components/form';
import { LIST_KEY } from '../../../components/list/useListQuery';
import { AGENTS_AREA, createAgent, resendPasswordEmail, updateAgent, useAgent } from '../api/agents';
import {
  NO_EMAIL_SET,
  STAFF_ROLES,
  agentSchema,
  agentToForm,
  emptyAgentForm,
  formToAgentInput,
  getsLeadNotifications,
  suggestUsername,
  type AgentFormValues,
} from '../agentSchema';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';

const SERVER_FIELDS = [
  'username',
  'firstname',
  'lastname',
  'email',
  'phone',
  'pass_word',
  'confirm_password',
  'builder_id',
  'notification_email',
  'roles',
];

/** Every error message of the form, in field order, for the summary shown after a failed save. */
function allMessages(errors: FieldErrors<AgentFormValues>): string[] {
  return Object.values(errors)
    .map((e) => (e && typeof e.message === 'string' ? e.message : null))
    .filter((m): m is string => !!m);
}

/** /agents/add and /agents/{username}. */
export default function AgentFormPage() {
  const { username: routeUsername } = useParams();
  const isEdit = routeUsername !== undefined;
  const agent = useAgent(routeUsername);
  if (isEdit && isNotFound(agent.error)) return <NotFound />;
  if (isEdit && agent.isPending) return <LoadingScreen />;
  if (isEdit && agent.isError) return <FormPageError back="/agents" message={errorMessage(agent.error)} />;
  return <AgentForm key={routeUsername ?? 'new'} initial={isEdit && agent.data ? agentToForm(agent.data) : null} />;
}

function AgentForm({ initial }: { initial: AgentFormValues | null }) {
  const isEdit = initial !== null;
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { chooseBuilder, initialBuilder } = useFormBuilderChoice(isEdit);
  const schema = useMemo(() => agentSchema({ requireBuilder: chooseBuilder }), [chooseBuilder]);

  const form = useForm<AgentFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? emptyAgentForm(initialBuilder),
  });
  const { control, handleSubmit, setValue, getValues, setError, reset, formState } = form;
  useFormUnsaved(formState, 'the staff member');
  const [firstname, lastname, roleId, sendEmail, notificationEmail, email, passWord] = useWatch({
    control,
    name: ['firstname', 'lastname', 'roleId', 'send_email', 'notification_email', 'email', 'pass_word'],
  });
  const usernameEdited = useRef(false);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [resending, setResending] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);

  // On add, the username follows firstname.lastname until the user edits it.
  useEffect(() => {
    if (isEdit || usernameEdited.current) return;
    setValue('username', suggestUsername(firstname ?? '', lastname ?? ''));
  }, [firstname, lastname, isEdit, setValue]);

  const showLeadBlock = getsLeadNotifications(roleId);
  // Your own password is changed in Edit profile: the server revokes the token of an account
  // whose password is set here, which would sign you out in the middle of the form.
  const { user } = useSession();
  const isSelf = isEdit && !!user && user.username.toLowerCase() === initial.username.toLowerCase();

  // A role without the lead-notification block (Other Staff, Trade Contractor) gets none.
  const onRoleChange = (id: number) => {
    setValue('roleId', id, { shouldValidate: formState.isSubmitted });
    if (!getsLeadNotifications(id)) {
      setValue('send_sms', 0);
      setValue('send_email', 0);
    }
  };

  // With email notifications on, an empty notification email takes the user's email, and one
  // that was the email follows it as it is edited.
  const lastEmail = useRef(email);
  useEffect(() => {
    const previous = lastEmail.current;
    lastEmail.current = email;
    if (sendEmail !== 1) return;
    const current = getValues('notification_email').trim();
    if (current === '' || current === previous.trim()) setValue('notification_email', email.trim());
  }, [sendEmail, email, getValues, setValue]);

  const onSubmit = handleSubmit(
    async (values) => {
      setSubmitErrors([]);
      const body = formToAgentInput(values, chooseBuilder);
      try {
        if (isEdit) {
          await updateAgent(values.username, body);
          notify.success('Updated successfully');
          reset(values);
          await queryClient.invalidateQueries({ queryKey: ['agents', 'detail', values.username] });
          await queryClient.invalidateQueries({ queryKey: [LIST_KEY, AGENTS_AREA] });
        } else {
          await createAgent(body);
          notify.success('Agent added successfully');
          await queryClient.invalidateQueries({ queryKey: [LIST_KEY, AGENTS_AREA] });
          navigate('/agents');
        }
      } catch (e) {
        const suggested = e instanceof ApiError ? e.body?.suggestedUsername : undefined;
        if (typeof suggested === 'string' && suggested) {
          usernameEdited.current = true;
          setValue('username', suggested);
          setSuggestion(suggested);
        }
        applyServerErrors(e, setError, SERVER_FIELDS);
        if (e instanceof ApiError && e.errors?.roles) setError('roleId', { type: 'server', message: e.errors.roles });
        notify.error(errorMessage(e));
      }
    },
    (errors) => setSubmitErrors(allMessages(errors)),
  );

  const resend = async () => {
    if (!initial) return;
    setResending(true);
    try {
      // The link goes to the saved address, not to an unsaved edit of the field.
      const res = await resendPasswordEmail(initial.username, initial.email);
      notify.success(res?.message ?? 'Success resend email!');
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setResending(false);
    }
  };

  const passwordError = formState.errors.confirm_password?.message ?? formState.errors.pass_word?.message;

  return (
    <>
      <FormPage back="/agents" title={isEdit ? 'Edit Staff' : 'Add Staff'} onSubmit={onSubmit}>
        {submitErrors.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert" aria-label="Form errors">
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {submitErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Alert>
        )}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              {chooseBuilder && <BuilderSelectField control={control} name="builder_id" />}
              <NameField control={control} name="firstname" label="First name" required />
              <NameField control={control} name="lastname" label="Last name" required />
              <FormTextField
                control={control}
                name="username"
                label="Username"
                required
                disabled={isEdit}
                slotProps={{ htmlInput: { readOnly: isEdit } }}
                transform={(v) => {
                  usernameEdited.current = true;
                  setSuggestion(null);
                  return v;
                }}
                hint={
                  suggestion
                    ? `Suggested username: ${suggestion}`
                    : isEdit
                      ? undefined
                      : 'Suggested as firstname.lastname'
                }
              />
              <PhoneField control={control} name="phone" label="Phone" required />
              <FormTextField control={control} name="email" label="Email" type="email" required />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="roleId"
              render={({ field, fieldState }) => (
                <FormControl error={!!fieldState.error} component="fieldset">
                  <FormLabel component="legend">Roles</FormLabel>
                  <RadioGroup
                    name="roleId"
                    value={field.value ?? ''}
                    onChange={(e) => onRoleChange(Number(e.target.value))}
                  >
                    {STAFF_ROLES.map((r) => (
                      <FormControlLabel
                        key={r.id}
                        value={r.id}
                        control={<Radio />}
                        sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                        label={
                          <Box>
                            <Typography sx={{ fontWeight: 600 }}>{r.label}</Typography>
                            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                              {r.description}
                            </Typography>
                          </Box>
                        }
                      />
                    ))}
                  </RadioGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
          </Grid>
        </Grid>

        {showLeadBlock && (
          <>
            <Divider sx={{ my: 3 }} />
            <Typography variant="h3" sx={{ mb: 1 }}>
              Lead notifications
            </Typography>
            <Stack spacing={1} sx={{ maxWidth: 480 }}>
              <Controller
                control={control}
                name="send_sms"
                render={({ field }) => (
                  <FormControlLabel
                    label="Send lead notifications by text"
                    control={
                      <Switch checked={field.value === 1} onChange={(e) => field.onChange(e.target.checked ? 1 : 0)} />
                    }
                  />
                )}
              />
              <FormControlLabel
                label="Send lead notifications by email"
                control={
                  <Switch
                    checked={sendEmail === 1}
                    onChange={(e) => setValue('send_email', e.target.checked ? 1 : 0)}
                  />
                }
              />
              {sendEmail === 1 && (
                <FormTextField
                  control={control}
                  name="notification_email"
                  label="Notification email"
                  type="email"
                  hint={
                    notificationEmail.trim()
                      ? 'Lead emails go to this address'
                      : email.trim()
                        ? `Empty: lead emails go to ${email.trim()}`
                        : NO_EMAIL_SET
                  }
                />
              )}
            </Stack>
          </>
        )}

        <Divider sx={{ my: 3 }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Save
          </Button>
          {isSelf ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              To change your own password, use{' '}
              <Link component={RouterLink} to="/account/edit-profile">
                Edit profile
              </Link>
              .
            </Typography>
          ) : (
            <Button variant="outlined" onClick={() => setPasswordOpen(true)}>
              Set a Temporary Password
            </Button>
          )}
          {passWord && (
            <Chip
              label="Temporary password set"
              color="primary"
              variant="outlined"
              onDelete={() => {
                setValue('pass_word', null);
                setValue('confirm_password', null);
              }}
            />
          )}
          {isEdit && (
            <Button variant="text" onClick={resend} disabled={resending}>
              Resend Password Link
            </Button>
          )}
        </Stack>
        {passwordError && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {passwordError}
          </Typography>
        )}
      </FormPage>
      <TemporaryPasswordDialog
        open={passwordOpen}
        onCancel={() => setPasswordOpen(false)}
        onSave={(password, confirm) => {
          setValue('pass_word', password);
          setValue('confirm_password', confirm, { shouldValidate: formState.isSubmitted });
          setPasswordOpen(false);
        }}
      />
    </>
  );
}
