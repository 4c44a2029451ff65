import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import type { PropertyDetail } from '../../../api/types';
import { useSession } from '../../../api/session';
import { choosesFromShortList } from '../../../app/roles';
import { CATALOG_DISPOSITION, useCatalog } from '../../../app/startup';
import { useNotify } from '../../../app/notify';
import { FormTextField, SaveRow, applyServerErrors, serverErrorText, useFormUnsaved } from '../../../components/form';
import { LIST_KEY } from '../../../components/list/useListQuery';
import { PublicUrlField } from '../../../components/PublicUrlField';
import { PROPERTIES_AREA, locate, retireProperty, saveProperty } from '../api/properties';
import {
  becomesSold,
  choosable,
  detailToEdit,
  detailToObject,
  dispositionOptions,
  EMPTY_INFO,
  editSchema,
  editToObject,
  isSoldDisposition,
  type EditValues,
} from '../propertySchema';
import { PropertyInfoFields } from './PropertyInfoFields';

/** Server keys that are fields of the card. */
const EDIT_FIELDS = [
  ...Object.keys(EMPTY_INFO),
  'disposition_id',
  'contract_date',
  'latitude',
  'longitude',
  'access_notes',
];

/**
 * The detail page's info card: the property's fields, its status (Sold adds the contract date and
 * retires the property), coordinates, access notes and the public page address.
 */
export function PropertyInfoCard({ detail }: { detail: PropertyDetail }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const catalog = useCatalog(CATALOG_DISPOSITION);
  const shortList = choosesFromShortList(useSession().user);
  const schema = useMemo(() => editSchema(), []);
  const form = useForm<EditValues>({ resolver: zodResolver(schema), defaultValues: detailToEdit(detail) });
  const { control, handleSubmit, reset, setValue, setError, getValues, formState } = form;
  const [locating, setLocating] = useState(false);
  /** What Locate found last, said beside the coordinates. */
  const [located, setLocated] = useState<{ found: boolean; text: string } | null>(null);
  const disposition = useWatch({ control, name: 'disposition_id' });
  const hasNotes = useWatch({ control, name: 'hasAccessNotes' });
  const sold = isSoldDisposition(catalog, disposition);

  // Another tab's save reloads the property: the card follows unless it holds unsaved edits.
  const { isDirty } = formState;
  const unsaved = useFormUnsaved(formState, 'the property details');
  useEffect(() => {
    if (!isDirty) reset(detailToEdit(detail));
    // Only a new answer from the server resets the form, not a change of isDirty.
  }, [detail]);

  const findCoordinates = async () => {
    const v = getValues();
    const address = [[v.house_num.trim(), v.address_1.trim()].filter(Boolean).join(' '), v.city.trim(), v.state]
      .filter(Boolean)
      .join(', ');
    setLocating(true);
    setLocated(null);
    try {
      const { lat, lng } = await locate({
        address_1: v.address_1.trim(),
        houseNum: v.house_num.trim() || null,
        city: v.city.trim(),
        state: v.state,
      });
      // The geocoder answers 0, 0 when it finds nothing: the coordinates stay as they were.
      if (lat === 0 && lng === 0) {
        const text = `No coordinates were found for ${address}; the coordinates were left as they were.`;
        setLocated({ found: false, text });
        notify.warning(text);
        return;
      }
      setValue('latitude', String(lat), { shouldDirty: true, shouldValidate: formState.isSubmitted });
      setValue('longitude', String(lng), { shouldDirty: true, shouldValidate: formState.isSubmitted });
      const text = `Found ${address}: latitude ${lat}, longitude ${lng}. Save to keep them.`;
      setLocated({ found: true, text });
      notify.success(`Coordinates found for ${address}`);
    } catch (e) {
      const text = serverErrorText(e);
      setLocated({ found: false, text: `The address could not be looked up: ${text}` });
      notify.error(text);
    } finally {
      setLocating(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await saveProperty(detail.property_id, {
        ...detailToObject(detail),
        ...editToObject(values, catalog, detail.is_rental),
      });
      // Marking a property sold also retires it.
      if (becomesSold(catalog, detail.disposition_id, values.disposition_id)) await retireProperty(detail.property_id);
      notify.success(res.message);
      reset(values);
      await queryClient.invalidateQueries({ queryKey: [LIST_KEY, PROPERTIES_AREA] });
    } catch (e) {
      applyServerErrors(e, setError, EDIT_FIELDS);
      notify.error(serverErrorText(e));
    }
  });

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={onSubmit}
      noValidate
      sx={{ p: 2.5 }}
      aria-label="Property info"
    >
      <FormProvider {...form}>
        <Stack spacing={2}>
          <Typography variant="h3">Property Info</Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: sold ? 6 : 12 }}>
              <FormTextField
                control={control}
                name="disposition_id"
                label="Status"
                select
                required
                transform={(v) => (v === '' ? null : Number(v))}
                hint={shortList ? 'Other statuses are set by a property manager' : undefined}
              >
                {dispositionOptions(catalog, detail.is_rental, shortList, detail.disposition_id).map((d) => (
                  <MenuItem key={d.catalog_id} value={d.catalog_id} disabled={!choosable(d, shortList)}>
                    {d.name}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            {sold && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  control={control}
                  name="contract_date"
                  label="Contract Date"
                  type="date"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
            )}
          </Grid>
          <PropertyInfoFields
            builderId={detail.builder_id}
            isRental={detail.is_rental}
            storedAlarm={{
              alarm_company: detail.alarm_company,
              armed_hours: detail.armed_hours,
              disarm_code: detail.disarm_code,
              emergency_notes: detail.emergency_notes,
            }}
          />
          <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormTextField
                control={control}
                name="latitude"
                label="Latitude"
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormTextField
                control={control}
                name="longitude"
                label="Longitude"
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 2 }}>
              <Button
                onClick={() => void findCoordinates()}
                disabled={locating}
                startIcon={<MyLocationIcon />}
                sx={{ mt: 1 }}
                title="Look up the coordinates of the address"
              >
                {locating ? 'Locating…' : 'Locate'}
              </Button>
            </Grid>
            {located && (
              <Grid size={12}>
                <Typography
                  role="status"
                  variant="body2"
                  sx={{ color: located.found ? 'success.main' : 'warning.main', mt: -1 }}
                >
                  {located.text}
                </Typography>
              </Grid>
            )}
          </Grid>
          <Box>
            <FormControlLabel
              label="Access Notes"
              control={
                <Checkbox
                  checked={!!hasNotes}
                  onChange={(e) => {
                    setValue('hasAccessNotes', e.target.checked, { shouldDirty: true });
                    // Unchecking clears the notes.
                    if (!e.target.checked) setValue('access_notes', '', { shouldDirty: true });
                  }}
                />
              }
            />
            {hasNotes && <FormTextField control={control} name="access_notes" label="Notes" multiline minRows={2} />}
          </Box>
          <PublicUrlField url={detail.public_url ?? null} />
          <SaveRow unsaved={unsaved} busy={formState.isSubmitting} />
        </Stack>
      </FormProvider>
    </Paper>
  );
}
