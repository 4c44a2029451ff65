import { Controller, type Control } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useStates } from '../../../app/startup';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { BuilderSelectField, FormTextField, PhoneField, ReadOnlyField } from '../../../components/form';
import { agentName } from '../../../components/staffing/agents';
import { useAvailableAgents } from '../../agents/api/agents';
import { useCommunityStatuses } from '../api/communities';
import { TEXT_MAX, type CommunityFormValues } from '../communitySchema';

type Props = {
  control: Control<CommunityFormValues>;
  /** The community's builder: whose staff the point person is chosen from. */
  builderId: number | null;
  /** Adding as an enterprise user: the Builder select comes first. */
  chooseBuilder?: boolean;
  /** A builder was picked: the builder's staff choices no longer hold. */
  onBuilderPicked?(): void;
  /** Editing: the read-only Community ID. */
  communityId?: number;
};

const textMax = { htmlInput: { maxLength: TEXT_MAX } };

/** The community's info: the detail page's left column and the wizard's first step. */
export function CommunityInfoFields({
  control,
  builderId,
  chooseBuilder = false,
  onBuilderPicked,
  communityId,
}: Props) {
  return (
    <Stack spacing={2}>
      {chooseBuilder && <BuilderSelectField control={control} name="builder_id" onPicked={onBuilderPicked} />}
      {communityId !== undefined && <ReadOnlyField label="Community ID" value={communityId} />}
      <FormTextField control={control} name="name" label="Community Name" required slotProps={textMax} />
      <StateField control={control} />
      <FormTextField control={control} name="city" label="City" required slotProps={textMax} />
      <FormTextField control={control} name="zip" label="Zip" required slotProps={textMax} />
      <PointPersonField control={control} builderId={builderId} />
      <PhoneField control={control} name="sales_agent" label="Sales Contact #" required />
      <FormTextField control={control} name="external_community_id" label="External Community Id" />
      <StatusField control={control} />
      <FormTextField control={control} name="community_url" label="Community URL link" type="url" />
      <FormTextField control={control} name="floor_plan_url" label="Floor Plan URL link" type="url" />
      <FormTextField control={control} name="virtual_tour_url" label="Virtual Tour URL link" type="url" />
      <FormTextField control={control} name="additional_notes" label="Additional Notes" multiline rows={8} />
    </Stack>
  );
}

/** State/Province over the start-up states; a stored value that is not a state code stays offered. */
function StateField({ control }: { control: Control<CommunityFormValues> }) {
  const states = useStates();
  return (
    <Controller
      control={control}
      name="state"
      render={({ field, fieldState }) => {
        const known = field.value === '' || states.some((s) => s.code === field.value);
        return (
          <TextField
            select
            required
            fullWidth
            label="State/Province"
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {!known && <MenuItem value={field.value}>{field.value}</MenuItem>}
            {states.map((s) => (
              <MenuItem key={s.state_id} value={s.code}>
                {s.state_name}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

/**
 * Point Person to relay concerns: one of the builder's assignable staff, stored as the username.
 * A stored person who is no longer offered stays shown by username.
 */
function PointPersonField({ control, builderId }: { control: Control<CommunityFormValues>; builderId: number | null }) {
  const staff = useAvailableAgents(builderId);
  const people = staff.data ?? [];
  return (
    <Controller
      control={control}
      name="emergency_contacts"
      render={({ field, fieldState }) => {
        const known = field.value === '' || people.some((p) => p.username === field.value);
        const hint = builderId === null ? 'Choose a builder first' : staff.isPending ? 'Loading staff…' : undefined;
        return (
          <Stack spacing={1}>
            <TextField
              select
              required
              fullWidth
              label="Point Person to relay concerns"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={builderId === null}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? hint}
            >
              {!known && <MenuItem value={field.value}>{field.value}</MenuItem>}
              {people.map((p) => (
                <MenuItem key={p.username} value={p.username}>
                  {agentName(p)} ({p.username})
                </MenuItem>
              ))}
              {people.length === 0 && known && (
                <MenuItem value="" disabled>
                  No agents were found
                </MenuItem>
              )}
            </TextField>
            {staff.isError && (
              <LoadError onRetry={() => void staff.refetch()}>{loadErrorText('Staff', staff.error)}</LoadError>
            )}
          </Stack>
        );
      }}
    />
  );
}

/** Community status; none chosen means Active (the server's default for a new community). */
function StatusField({ control }: { control: Control<CommunityFormValues> }) {
  const statuses = useCommunityStatuses();
  return (
    <Controller
      control={control}
      name="status_id"
      render={({ field, fieldState }) => (
        <Stack spacing={1}>
          <TextField
            select
            fullWidth
            label="Community status"
            name={field.name}
            inputRef={field.ref}
            // Until the statuses arrive the stored id has no option: show it empty meanwhile.
            value={field.value !== null && statuses.data?.some((s) => s.status_id === field.value) ? field.value : ''}
            onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
            onBlur={field.onBlur}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? (field.value === null ? 'Active unless chosen' : undefined)}
          >
            {(statuses.data ?? []).map((s) => (
              <MenuItem key={s.status_id} value={s.status_id}>
                {s.status}
              </MenuItem>
            ))}
          </TextField>
          {statuses.isError && (
            <LoadError onRetry={() => void statuses.refetch()}>
              {loadErrorText('Community statuses', statuses.error)}
            </LoadError>
          )}
        </Stack>
      )}
    />
  );
}
