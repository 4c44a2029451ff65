import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PropertyRow } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { FormPage, applyServerErrors, serverErrorText, useFormUnsaved } from '../../../components/form';
import { useBuilderCommunities } from '../../communities/api/communities';
import { PropertyPicker } from '../../properties/components/PropertyPicker';
import { saveMessaging, settingsKey, useVariableValues } from '../api/settings';
import { SettingsGate, type SettingsFormProps, type SettingsTarget } from '../builderScope';
import {
  MESSAGE_BOXES,
  MESSAGING_ERROR_FIELDS,
  TABLE_VARIABLES,
  canSubmitMessages,
  messagingToInput,
  settingsToMessaging,
  type MessagingValues,
} from '../messaging';
import { homeWords, type HomeWords } from '../wording';
import { MessageBox } from './MessageBox';

export const MESSAGING_TITLE = 'Follow Up Texts to Visitors';
const NO_VALUES: Record<string, string> = {};

/** /messaging: the follow-up texts to visitors. */
export default function MessagingPage() {
  return <SettingsGate title={MESSAGING_TITLE} form={MessagingForm} />;
}

function MessagingForm({ target, settings }: SettingsFormProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const words = homeWords(target.isRental);
  const [communityId, setCommunityId] = useState<number | null>(null);
  const [property, setProperty] = useState<PropertyRow | null>(null);
  const variables = useVariableValues(target.builderId, target.choice, communityId, property?.property_id ?? null);
  const values = variables.data?.values ?? NO_VALUES;
  const { control, handleSubmit, setError, reset, formState } = useForm<MessagingValues>({
    defaultValues: settingsToMessaging(settings),
  });
  useFormUnsaved(formState, 'the follow-up texts');
  const current = useWatch({ control }) as MessagingValues;

  const onSubmit = handleSubmit(async (form) => {
    try {
      const res = await saveMessaging(messagingToInput(form, target.choice));
      notify.success(res.message);
      reset(form);
      void queryClient.invalidateQueries({ queryKey: settingsKey(target.builderId) });
    } catch (e) {
      console.error('Messaging settings were not saved', e);
      applyServerErrors(e, setError, MESSAGING_ERROR_FIELDS);
      notify.error(serverErrorText(e));
    }
  });

  return (
    <FormPage title={MESSAGING_TITLE} onSubmit={onSubmit}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={2}>
            {MESSAGE_BOXES.map((box) => (
              <MessageBox
                key={box.kind}
                box={box}
                control={control}
                errors={formState.errors}
                values={values}
                words={words}
              />
            ))}
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={!canSubmitMessages(current) || formState.isSubmitting}
              >
                Submit
              </Button>
            </Box>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <VariableTable
            target={target}
            words={words}
            communityId={communityId}
            onCommunity={setCommunityId}
            property={property}
            onProperty={setProperty}
            values={values}
            error={variables.isError ? loadErrorText('Variable values', variables.error) : null}
            onRetry={() => void variables.refetch()}
          />
        </Grid>
      </Grid>
    </FormPage>
  );
}

/**
 * The variables with sample values: the company's, a community's once one is chosen under
 * `Select Community Preview`, and a property's once one is chosen under `Select Property Preview`.
 */
function VariableTable({
  target,
  words,
  communityId,
  onCommunity,
  property,
  onProperty,
  values,
  error,
  onRetry,
}: {
  target: SettingsTarget;
  words: HomeWords;
  communityId: number | null;
  onCommunity(id: number | null): void;
  property: PropertyRow | null;
  onProperty(property: PropertyRow | null): void;
  values: Record<string, string>;
  error: string | null;
  onRetry(): void;
}) {
  const communities = useBuilderCommunities(target.builderId);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        Variables
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        Use {'{{scheduled_tour_date}}'} and {'{{scheduled_tour_time}}'} to include the date or time of the tour; they
        are filled in when the text is sent and are not in the table.
      </Alert>
      <TextField
        select
        fullWidth
        label="Select Community Preview"
        value={communityId ?? ''}
        onChange={(e) => onCommunity(e.target.value === '' ? null : Number(e.target.value))}
        helperText={communities.data?.length === 0 ? 'This builder has no communities yet' : undefined}
        sx={{ mb: 2 }}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {(communities.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {communities.isError && (
        <LoadError sx={{ mb: 2 }} onRetry={() => void communities.refetch()}>
          {loadErrorText('Communities', communities.error)}
        </LoadError>
      )}
      <Box sx={{ mb: 2 }}>
        <PropertyPicker
          label="Select Property Preview"
          builderId={target.choice}
          value={property}
          onChange={onProperty}
        />
      </Box>
      {error && (
        <LoadError sx={{ mb: 2 }} onRetry={onRetry}>
          {error}
        </LoadError>
      )}
      <Table size="small" aria-label="Variables">
        <TableHead>
          <TableRow>
            <TableCell>Variable</TableCell>
            <TableCell>Value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {TABLE_VARIABLES.map((v) => (
            <TableRow key={v.name}>
              <TableCell>
                <Box component="code" sx={{ fontSize: 13 }}>
                  {v.name}
                </Box>
                <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {v.describe(words)}
                </Typography>
              </TableCell>
              <TableCell>{values[v.name] ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
