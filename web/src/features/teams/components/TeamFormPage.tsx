import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { errorMessage } from '../../../api/client';
import { useSession } from '../../../api/session';
import type { AgentRow, Team, TeamInput } from '../../../api/types';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { useNotify } from '../../../app/notify';
import {
  BuilderSelectField,
  FormPage,
  FormTextField,
  RecordFormRoute,
  applyServerErrors,
  useFormBuilderChoice,
  useFormUnsaved,
} from '../../../components/form';
import { LIST_KEY } from '../../../components/list/useListQuery';
import { useAvailableAgents } from '../../agents/api/agents';
import { TEAMS_AREA, addTeamAgent, createTeam, removeTeamAgent, updateTeam, useTeam } from '../api/teams';
import { agentLabel, agentName, isTeamEligible, teamSchema, type TeamFormValues } from '../teamSchema';

/** /teams/add and /teams/{teamId}. */
export default function TeamFormPage() {
  const { teamId } = useParams();
  return (
    <RecordFormRoute id={teamId} back="/teams" useRecord={useTeam}>
      {(team, key) => <TeamForm key={key} team={team} />}
    </RecordFormRoute>
  );
}

function TeamForm({ team }: { team: Team | null }) {
  const isEdit = team !== null;
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { chooseBuilder, initialBuilder } = useFormBuilderChoice(isEdit);
  const schema = useMemo(() => teamSchema({ requireBuilder: chooseBuilder }), [chooseBuilder]);
  const [members, setMembers] = useState<AgentRow[]>(team?.agents ?? []);
  const [pending, setPending] = useState<string | null>(null);
  const [search, setSearch] = useState('');

  const form = useForm<TeamFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: team?.name ?? '',
      description: team?.description ?? '',
      builder_id: team?.builder_id ?? initialBuilder,
      agents: (team?.agents ?? []).map((a) => a.username),
    },
  });
  const { control, handleSubmit, setValue, setError, reset, resetField, formState } = form;
  useFormUnsaved(formState, 'the team');
  const formBuilder = useWatch({ control, name: 'builder_id' });
  const builderId = isEdit ? team.builder_id : chooseBuilder ? formBuilder : (user?.builderId ?? null);
  const available = useAvailableAgents(builderId);
  const memberNames = new Set(members.map((m) => m.username));
  const options = (available.data ?? []).filter((a) => isTeamEligible(a) && !memberNames.has(a.username));
  const availableError = available.isError ? loadErrorText('Agents', available.error) : null;

  const setMembersAndField = (next: AgentRow[]) => {
    setMembers(next);
    setValue(
      'agents',
      next.map((m) => m.username),
      { shouldValidate: formState.isSubmitted },
    );
  };

  /** Changes the member list; in edit mode the server call comes first and the list follows it. */
  const changeMembers = async (
    agent: AgentRow,
    next: AgentRow[],
    call: (teamId: number, username: string) => Promise<{ message?: string } | undefined>,
    doneMessage: string,
  ) => {
    if (!isEdit) {
      setMembersAndField(next);
      return;
    }
    setPending(agent.username);
    try {
      const res = await call(team.id, agent.username);
      setMembers(next);
      // Saved already: the members are not an unsaved edit.
      resetField('agents', { defaultValue: next.map((m) => m.username) });
      notify.success(res?.message ?? doneMessage);
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, TEAMS_AREA] });
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setPending(null);
    }
  };

  const add = (agent: AgentRow) => {
    setSearch('');
    return changeMembers(agent, [...members, agent], addTeamAgent, 'Agent added..');
  };

  const remove = (agent: AgentRow) =>
    changeMembers(
      agent,
      members.filter((m) => m.username !== agent.username),
      removeTeamAgent,
      'Agent removed.',
    );

  const onSubmit = handleSubmit(async (values) => {
    const body: TeamInput = {
      name: values.name.trim(),
      description: values.description.trim(),
      agents: values.agents,
    };
    if (chooseBuilder && values.builder_id) body.builder_id = values.builder_id;
    try {
      if (isEdit) {
        const res = await updateTeam(team.id, body);
        notify.success(res?.message ?? 'Updated successfully');
        reset(values);
        await queryClient.invalidateQueries({ queryKey: ['teams', 'detail', team.id] });
      } else {
        const res = await createTeam(body);
        notify.success(res?.message ?? 'Success!');
        navigate(`/teams/${res.id}`);
      }
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, TEAMS_AREA] });
    } catch (e) {
      applyServerErrors(e, setError, ['name', 'description', 'agents', 'builder_id']);
      notify.error(errorMessage(e));
    }
  });

  const agentsError = formState.errors.agents?.message ?? formState.errors.agents?.root?.message;

  return (
    <FormPage
      back="/teams"
      title={isEdit ? 'Edit Team Details' : 'Add New Team Details'}
      onSubmit={onSubmit}
      maxWidth={760}
    >
      <Stack spacing={2}>
        {chooseBuilder && (
          // Agents belong to a builder: a new builder starts an empty team.
          <BuilderSelectField control={control} name="builder_id" onPicked={() => setMembersAndField([])} />
        )}
        <FormTextField control={control} name="name" label="Team Name" required />
        <FormTextField control={control} name="description" label="Description" required multiline minRows={2} />
        <Box>
          <Autocomplete<AgentRow>
            options={options}
            value={null}
            inputValue={search}
            onInputChange={(_, v, reason) => {
              if (reason !== 'reset') setSearch(v);
            }}
            onChange={(_, agent) => {
              if (agent) void add(agent);
            }}
            getOptionLabel={(a) => `${agentName(a)} (${a.username})`}
            isOptionEqualToValue={(a, b) => a.username === b.username}
            loading={available.isFetching}
            disabled={pending !== null || builderId === null || builderId === undefined}
            noOptionsText={availableError ?? 'No agents were found'}
            blurOnSelect
            renderOption={(props, a) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  <Chip
                    size="small"
                    label={agentLabel(a)}
                    sx={{ mr: 1 }}
                    color={a.is_project_manager ? 'primary' : 'default'}
                  />
                  {agentName(a)}
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                    {a.email}
                  </Typography>
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Search/Add New Agent"
                error={!!agentsError || availableError !== null}
                helperText={builderId ? undefined : chooseBuilder ? 'Choose a builder first' : undefined}
              />
            )}
          />
          {availableError && (
            <LoadError sx={{ mt: 1 }} onRetry={() => void available.refetch()}>
              {availableError}
            </LoadError>
          )}
          {agentsError && <FormHelperText error>{agentsError}</FormHelperText>}
        </Box>
        <Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            Team members ({members.length})
          </Typography>
          {members.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No agents in this team yet.
            </Typography>
          ) : (
            <List dense aria-label="Team members">
              {members.map((m) => (
                <ListItem
                  key={m.username}
                  disablePadding
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${agentName(m)}`}
                      onClick={() => void remove(m)}
                      disabled={pending !== null}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemButton onClick={() => void remove(m)} disabled={pending !== null} title="Click to remove">
                    <Chip
                      size="small"
                      label={agentLabel(m)}
                      sx={{ mr: 1.5 }}
                      color={m.is_project_manager ? 'primary' : 'default'}
                    />
                    <ListItemText
                      primary={agentName(m)}
                      secondary={[m.username, m.email].filter(Boolean).join(' · ')}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {isEdit ? 'Update' : 'Submit'}
          </Button>
        </Box>
      </Stack>
    </FormPage>
  );
}
