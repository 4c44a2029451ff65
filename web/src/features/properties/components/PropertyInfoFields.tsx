// The property's info fields, shared by the wizard's Property Info step and the detail page's
// info card; each form wraps them in its FormProvider (their values extend PropertyInfoValues).
import { useRef, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CommunityRow } from '../../../api/types';
import { CATALOG_TIMEZONE, useCatalog, useStates } from '../../../app/startup';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { BuilderSelectField, FormTextField, onlyDigits } from '../../../components/form';
import { useBuilderCommunities } from '../../communities/api/communities';
import { ALARM_FIELDS, alarmFields, formatDollars, type AlarmField, type PropertyInfoValues } from '../propertySchema';

export const NO_COMMUNITY = 'No community names was found';

export interface PropertyInfoFieldsProps {
  /** Whose communities are offered; null until a builder is chosen. */
  builderId: number | null;
  isRental: boolean;
  /** Offer the Builder select (the wizard, for enterprise users). */
  chooseBuilder?: boolean;
  /** A builder was picked (the wizard clears the community and what it filled). */
  onBuilderPicked?(): void;
  /** A community was picked (the wizard fills fields from it). */
  onCommunityPicked?(communityId: number | null): void;
  /** The alarm fields as stored: switching the alarm on restores them (the info card). */
  storedAlarm?: Partial<Record<AlarmField, string | null>>;
  disabled?: boolean;
}

const half = { xs: 12, sm: 6 } as const;
const third = { xs: 12, sm: 4 } as const;

export function PropertyInfoFields({
  builderId,
  isRental,
  chooseBuilder = false,
  onBuilderPicked,
  onCommunityPicked,
  storedAlarm,
  disabled,
}: PropertyInfoFieldsProps) {
  const { control, getValues, setValue } = useFormContext<PropertyInfoValues>();
  const alarm = useWatch({ control, name: 'alarm' });
  const timezones = useCatalog(CATALOG_TIMEZONE);
  const states = useStates();
  // Without stored values (the wizard), switching the alarm off and on again brings back what was typed.
  const typedAlarm = useRef<Partial<Record<AlarmField, string>>>({});

  const switchAlarm = (on: boolean) => {
    if (!on) typedAlarm.current = Object.fromEntries(ALARM_FIELDS.map((f) => [f, getValues(f)]));
    const next = alarmFields(on, storedAlarm ?? typedAlarm.current);
    for (const f of ALARM_FIELDS) setValue(f, next[f], { shouldDirty: true });
    setValue('alarm', on, { shouldDirty: true });
  };

  const text = (name: keyof PropertyInfoValues, label: string, extra: { required?: boolean } = {}) => (
    <FormTextField control={control} name={name} label={label} disabled={disabled} {...extra} />
  );
  const count = (name: keyof PropertyInfoValues, label: string) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required
      disabled={disabled}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );

  return (
    <Grid container spacing={2}>
      {chooseBuilder && (
        <Grid size={12}>
          <BuilderSelectField control={control} name="builder_id" onPicked={onBuilderPicked} />
        </Grid>
      )}
      <Grid size={half}>
        <CommunityField builderId={builderId} onPicked={onCommunityPicked} disabled={disabled} />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="timezone"
          label="Timezone"
          select
          required
          disabled={disabled}
          transform={(v) => (v === '' ? null : Number(v))}
        >
          {timezones.map((z) => (
            <MenuItem key={z.catalog_id} value={z.catalog_id}>
              {z.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={third}>{text('house_num', 'Lot #')}</Grid>
      <Grid size={{ xs: 12, sm: 8 }}>{text('address_1', 'Address', { required: true })}</Grid>
      <Grid size={half}>{text('subdivision', 'Subdivision')}</Grid>
      <Grid size={half}>{text('marketing_name', 'Marketing Name')}</Grid>
      <Grid size={third}>{text('city', 'City', { required: true })}</Grid>
      <Grid size={third}>
        <FormTextField control={control} name="state" label="State" select required disabled={disabled}>
          {states.map((s) => (
            <MenuItem key={s.state_id} value={s.code}>
              {s.state_name}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={third}>{text('zipcode', 'Zipcode', { required: true })}</Grid>
      <Grid size={isRental ? half : 12}>{text('url_1', 'Property URL')}</Grid>
      {isRental && <Grid size={half}>{text('rental_application_url', 'Rental Application Url')}</Grid>}
      <Grid size={third}>
        <PriceField label={isRental ? 'Rent per Month' : 'Price'} disabled={disabled} />
      </Grid>
      <Grid size={third}>{count('bedrooms', 'Bedrooms')}</Grid>
      <Grid size={third}>{count('squareFootage', 'Square Footage')}</Grid>
      <Grid size={half}>{count('fullBathrooms', 'Full Bathrooms')}</Grid>
      <Grid size={half}>{count('halfBathrooms', 'Half Bathrooms')}</Grid>
      <Grid size={third}>{text('mls_number', 'MLS Number')}</Grid>
      <Grid size={third}>{text('external_identifier', 'External Identifier')}</Grid>
      <Grid size={third}>{text('external_identifier_2', 'External Identifier 2')}</Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="isModel"
          render={({ field }) => (
            <FormControlLabel
              label="Model home"
              disabled={disabled}
              control={
                <Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} name="isModel" />
              }
            />
          )}
        />
        <FormControlLabel
          label="Alarm"
          disabled={disabled}
          control={<Switch checked={!!alarm} onChange={(e) => switchAlarm(e.target.checked)} name="alarm" />}
        />
      </Grid>
      {alarm && (
        <>
          <Grid size={12}>
            <Typography variant="subtitle2">Alarm</Typography>
          </Grid>
          <Grid size={third}>{text('alarm_company', 'Alarm Company')}</Grid>
          <Grid size={third}>{text('armed_hours', 'Armed Hours')}</Grid>
          <Grid size={third}>{text('disarm_code', 'Disarm Code')}</Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="emergency_notes"
              label="Emergency Notes"
              multiline
              minRows={2}
              disabled={disabled}
            />
          </Grid>
        </>
      )}
    </Grid>
  );
}

/** The community picker over the builder's communities, searchable by name. */
function CommunityField({
  builderId,
  onPicked,
  disabled,
}: {
  builderId: number | null;
  onPicked?(communityId: number | null): void;
  disabled?: boolean;
}) {
  const { control } = useFormContext<PropertyInfoValues>();
  const communities = useBuilderCommunities(builderId);
  const options = communities.data ?? [];
  return (
    <Controller
      control={control}
      name="community_id"
      render={({ field, fieldState }) => (
        <>
          <Autocomplete<CommunityRow>
            options={options}
            value={options.find((c) => c.id === field.value) ?? null}
            onChange={(_, picked) => {
              field.onChange(picked?.id ?? null);
              onPicked?.(picked?.id ?? null);
            }}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={communities.isFetching}
            disabled={disabled || builderId === null}
            noOptionsText={NO_COMMUNITY}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Community"
                required
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? (builderId === null ? 'Choose a builder first' : undefined)}
              />
            )}
          />
          {communities.isError && (
            <LoadError sx={{ mt: 1 }} onRetry={() => void communities.refetch()}>
              {loadErrorText('Communities', communities.error)}
            </LoadError>
          )}
        </>
      )}
    />
  );
}

/** Digits only; shown as whole US dollars while the field does not have the focus. */
function PriceField({ label, disabled }: { label: string; disabled?: boolean }) {
  const { control } = useFormContext<PropertyInfoValues>();
  const [focused, setFocused] = useState(false);
  return (
    <Controller
      control={control}
      name="price"
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          inputRef={field.ref}
          fullWidth
          disabled={disabled}
          value={focused ? (field.value ?? '') : formatDollars(field.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            field.onBlur();
          }}
          onChange={(e) => field.onChange(onlyDigits(e.target.value))}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    />
  );
}
