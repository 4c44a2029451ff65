import { useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { AgentRow, Team } from '../../api/types';
import { useAvailableAgents } from '../../features/agents/api/agents';
import { useBuilderTeams } from '../../features/teams/api/teams';
import { LoadError, loadErrorText } from '../LoadError';
import { agentLabel, agentName, isAssignable } from './agents';

/** An agent assigned to a community or property. */
export interface AssignedAgent {
  agentUsername: string;
  firstname: string;
  lastname: string;
  is_project_manager: boolean;
}

/** A team assigned to a community or property. */
export interface AssignedTeam {
  id: number;
  name: string;
}

export interface StaffAssignmentProps {
  /** The builder whose teams and agents are offered; null while none is chosen (pickers disabled). */
  builderId: number | null;
  agents: AssignedAgent[];
  teams: AssignedTeam[];
  onChange(agents: AssignedAgent[], teams: AssignedTeam[]): void;
  /** Asked before an agent is removed; answering false keeps the agent (the caller says why). */
  onRemoveAgent?(username: string): Promise<boolean> | boolean;
  /** Offers marking an agent as the project manager (properties need one). */
  showProjectManager?: boolean;
}

export function toAssignedAgent(agent: AgentRow): AssignedAgent {
  return {
    agentUsername: agent.username,
    firstname: agent.firstname,
    lastname: agent.lastname,
    is_project_manager: agent.is_project_manager,
  };
}

/** Project managers first, each group in the order it was assigned. */
export function sortAssigned(agents: readonly AssignedAgent[]): AssignedAgent[] {
  return [...agents.filter((a) => a.is_project_manager), ...agents.filter((a) => !a.is_project_manager)];
}

const nameOf = (a: AssignedAgent) => agentName({ ...a, username: a.agentUsername });

/**
 * The staff of a community or property: Add Team and Available Agents pickers over the builder's
 * teams and assignable agents (those already assigned are not offered), and the assigned lists
 * with remove buttons; agents show PM (project managers, listed first) or SS.
 */
export function StaffAssignment({
  builderId,
  agents,
  teams,
  onChange,
  onRemoveAgent,
  showProjectManager = false,
}: StaffAssignmentProps) {
  const available = useAvailableAgents(builderId);
  const builderTeams = useBuilderTeams(builderId);
  const [removing, setRemoving] = useState<string | null>(null);
  const noBuilder = builderId === null;

  const assigned = new Set(agents.map((a) => a.agentUsername));
  const agentOptions = (available.data ?? []).filter((a) => isAssignable(a) && !assigned.has(a.username));
  const teamIds = new Set(teams.map((t) => t.id));
  const teamOptions = (builderTeams.data ?? []).filter((t) => !teamIds.has(t.id));

  const removeAgent = async (username: string) => {
    if (onRemoveAgent) {
      setRemoving(username);
      try {
        if (!(await onRemoveAgent(username))) return;
      } finally {
        setRemoving(null);
      }
    }
    onChange(
      agents.filter((a) => a.agentUsername !== username),
      teams,
    );
  };

  const setPm = (username: string, isPm: boolean) =>
    onChange(
      agents.map((a) => (a.agentUsername === username ? { ...a, is_project_manager: isPm } : a)),
      teams,
    );

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Picker<Team>
          label="Add Team"
          options={teamOptions}
          optionLabel={(t) => t.name}
          optionKey={(t) => String(t.id)}
          loading={builderTeams.isFetching}
          disabled={noBuilder}
          noOptionsText="No teams were found"
          error={builderTeams.isError ? loadErrorText('Teams', builderTeams.error) : null}
          onRetry={() => void builderTeams.refetch()}
          onPick={(t) => onChange(agents, [...teams, { id: t.id, name: t.name }])}
        />
        <Typography variant="subtitle2" component="h3">
          Teams ({teams.length})
        </Typography>
        {teams.length === 0 ? (
          <Empty>No teams assigned.</Empty>
        ) : (
          <List dense aria-label="Assigned teams">
            {teams.map((t) => (
              <ListItem
                key={t.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove team ${t.name}`}
                    onClick={() =>
                      onChange(
                        agents,
                        teams.filter((x) => x.id !== t.id),
                      )
                    }
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText primary={t.name} />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>

      <Stack spacing={1}>
        <Picker<AgentRow>
          label="Available Agents"
          options={agentOptions}
          optionLabel={(a) => `${agentName(a)} (${a.username})`}
          optionKey={(a) => a.username}
          renderOption={(a) => (
            <>
              <Chip
                size="small"
                label={agentLabel(a)}
                sx={{ mr: 1 }}
                color={a.is_project_manager ? 'primary' : 'default'}
              />
              {agentName(a)}
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                {a.username}
              </Typography>
            </>
          )}
          loading={available.isFetching}
          disabled={noBuilder}
          noOptionsText="No agents were found"
          error={available.isError ? loadErrorText('Agents', available.error) : null}
          onRetry={() => void available.refetch()}
          onPick={(a) => onChange([...agents, toAssignedAgent(a)], teams)}
        />
        <Typography variant="subtitle2" component="h3">
          Agents ({agents.length})
        </Typography>
        {agents.length === 0 ? (
          <Empty>No agents assigned.</Empty>
        ) : (
          <List dense aria-label="Assigned agents">
            {sortAssigned(agents).map((a) => {
              const name = nameOf(a);
              return (
                <ListItem
                  key={a.agentUsername}
                  divider
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${name}`}
                      disabled={removing !== null}
                      onClick={() => void removeAgent(a.agentUsername)}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <Chip
                    size="small"
                    label={agentLabel(a)}
                    sx={{ mr: 1.5 }}
                    color={a.is_project_manager ? 'primary' : 'default'}
                  />
                  <ListItemText primary={name} secondary={a.agentUsername} />
                  {showProjectManager && (
                    <FormControlLabel
                      sx={{ mr: 4 }}
                      label="Project manager"
                      control={
                        <Checkbox
                          size="small"
                          checked={a.is_project_manager}
                          onChange={(e) => setPm(a.agentUsername, e.target.checked)}
                          slotProps={{ input: { 'aria-label': `${name} is project manager` } }}
                        />
                      }
                    />
                  )}
                </ListItem>
              );
            })}
          </List>
        )}
      </Stack>
    </Stack>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {children}
    </Typography>
  );
}

/** One search-and-pick field: picking adds the option and empties the field. */
function Picker<T>({
  label,
  options,
  optionLabel,
  optionKey,
  renderOption,
  loading,
  disabled,
  noOptionsText,
  error,
  onRetry,
  onPick,
}: {
  label: string;
  options: T[];
  optionLabel(option: T): string;
  optionKey(option: T): string;
  renderOption?(option: T): ReactNode;
  loading: boolean;
  disabled: boolean;
  noOptionsText: string;
  error: string | null;
  onRetry(): void;
  onPick(option: T): void;
}) {
  const [input, setInput] = useState('');
  return (
    <Box>
      <Autocomplete<T>
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_, v, reason) => {
          if (reason !== 'reset') setInput(v);
        }}
        onChange={(_, option) => {
          if (option === null) return;
          setInput('');
          onPick(option);
        }}
        getOptionLabel={optionLabel}
        getOptionKey={optionKey}
        isOptionEqualToValue={(a, b) => optionKey(a) === optionKey(b)}
        loading={loading}
        disabled={disabled}
        noOptionsText={error ?? noOptionsText}
        renderOption={
          renderOption
            ? (props, option) => {
                const { key, ...rest } = props as typeof props & { key: string };
                return (
                  <li key={key} {...rest}>
                    {renderOption(option)}
                  </li>
                );
              }
            : undefined
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            error={error !== null}
            helperText={disabled ? 'Choose a builder first' : undefined}
          />
        )}
      />
      {error && (
        <LoadError sx={{ mt: 1 }} onRetry={onRetry}>
          {error}
        </LoadError>
      )}
    </Box>
  );
}
