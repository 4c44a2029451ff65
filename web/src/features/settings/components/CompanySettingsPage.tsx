import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify } from '../../../app/notify';
import { CATALOG_DISPOSITION, CATALOG_TIMEZONE, useCatalog } from '../../../app/startup';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { FormPage, FormTextField, applyServerErrors, serverErrorText, useFormUnsaved } from '../../../components/form';
import { saveSettings, saveTimezone, useStoreSettings, useTimezone } from '../api/settings';
import { SettingsGate, type SettingsFormProps, type SettingsTarget } from '../builderScope';
import {
  BORDER_RADIUS,
  COMPANY_ERROR_FIELDS,
  COUNTRIES,
  FONT_SIZE,
  RENTED_DISPOSITION,
  companySchema,
  companyToParts,
  settingsToCompany,
  type CompanyValues,
} from '../companySchema';
import { homeWords } from '../wording';
import { ButtonPreview } from './ButtonPreview';
import { ColorField, SliderField, SwitchField } from './fields';
import { LogoUpload } from './LogoUpload';

const TITLE = 'Company Settings';

/** /settings. */
export default function CompanySettingsPage() {
  return <SettingsGate title={TITLE} form={CompanyForm} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
      <Divider sx={{ mt: 3, mb: 3 }} />
    </Box>
  );
}

const half = { xs: 12, sm: 6 } as const;

function CompanyForm({ target, settings, picker }: SettingsFormProps) {
  const notify = useNotify();
  const storeSettings = useStoreSettings();
  const words = homeWords(target.isRental);
  const dispositions = useCatalog(CATALOG_DISPOSITION).filter((d) => target.isRental || d.value !== RENTED_DISPOSITION);
  const form = useForm<CompanyValues>({
    resolver: zodResolver(companySchema),
    defaultValues: settingsToCompany(settings),
  });
  const { control, handleSubmit, reset, setError, formState } = form;
  useFormUnsaved(formState, 'the company settings');
  const button = useWatch({ control, name: 'button' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const view = await saveSettings(companyToParts(values, target.choice));
      storeSettings(view);
      reset(settingsToCompany(view));
      notify.success('Updated successfully');
    } catch (e) {
      applyServerErrors(e, setError, COMPANY_ERROR_FIELDS);
      notify.error(serverErrorText(e));
    }
  });

  return (
    <FormPage title={TITLE} intro={picker} onSubmit={onSubmit} maxWidth={960}>
      <Section title="Company Settings">
        <Grid container spacing={2}>
          <Grid size={half}>
            <FormTextField control={control} name="builderName" label="Builder Name" required />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="country" label="Country" select required>
              {COUNTRIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Logo
            </Typography>
            <LogoUpload logo={settings.logo} choice={target.choice} onUploaded={storeSettings} />
          </Grid>
        </Grid>
      </Section>

      <Section title="Marketing Settings">
        <Grid container spacing={2}>
          <Grid size={half}>
            <FormTextField control={control} name="legal_name" label="Legal Name" />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="marketing_name" label="Marketing Name" />
          </Grid>
          <Grid size={half}>
            <ColorField control={control} name="primary_color" label="Primary Color" />
          </Grid>
          <Grid size={half}>
            <ColorField control={control} name="secondary_color" label="Secondary Color" />
          </Grid>
        </Grid>
      </Section>

      <Section title="Website Marketing Button">
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2}>
              <FormTextField control={control} name="button.text" label="Button Text" required />
              <ColorField control={control} name="button.textColor" label="Text Color" />
              <ColorField control={control} name="button.backgroundColor" label="Background Color" />
              <SliderField
                control={control}
                name="button.borderRadius"
                label="Border Radius"
                min={BORDER_RADIUS.min}
                max={BORDER_RADIUS.max}
              />
              <SliderField
                control={control}
                name="button.fontSize"
                label="Font Size"
                min={FONT_SIZE.min}
                max={FONT_SIZE.max}
              />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <ButtonPreview button={button} />
          </Grid>
        </Grid>
      </Section>

      <Section title="Tour Settings">
        <Grid container spacing={2}>
          <Grid size={half}>
            <TimezoneSelect target={target} />
          </Grid>
          <Grid size={half}>
            <SwitchField control={control} name="selfie_verification_active" label="Selfie verification" />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Visitors take a selfie when they verify their identity before a tour.
            </Typography>
          </Grid>
        </Grid>
      </Section>

      <Section title="Tour Now Page">
        <Grid container spacing={2} sx={{ alignItems: 'center' }}>
          <Grid size={half}>
            <TextField
              label="Tour page name"
              value={settings.webflow_name}
              fullWidth
              disabled
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText={`The address part of your ${words.home} tour pages`}
            />
          </Grid>
          <Grid size={half}>
            <Button component={RouterLink} to="/content-settings" variant="outlined">
              Edit the Tour Now page texts
            </Button>
          </Grid>
        </Grid>
      </Section>

      <Section title="Install Settings">
        <Box sx={{ maxWidth: 420 }}>
          <FormTextField
            control={control}
            name="default_install_property_status"
            label="Default install property status"
            select
            required
            hint={`The status a newly installed ${words.home} starts in`}
          >
            {dispositions.map((d) => (
              <MenuItem key={d.catalog_id} value={d.value}>
                {d.name}
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
      </Section>

      <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
        Submit
      </Button>
    </FormPage>
  );
}

/** The builder's time zone, saved as soon as it is changed (`Timezone Saved!`). */
function TimezoneSelect({ target }: { target: SettingsTarget }) {
  const notify = useNotify();
  const zones = useCatalog(CATALOG_TIMEZONE);
  const timezone = useTimezone(target.builderId, target.choice);
  const [saving, setSaving] = useState<number | null>(null);
  if (timezone.isError)
    return <LoadError onRetry={() => void timezone.refetch()}>{loadErrorText('Time zone', timezone.error)}</LoadError>;
  const value = saving ?? timezone.data?.timezone ?? '';
  const change = async (id: number) => {
    setSaving(id);
    try {
      const res = await saveTimezone(id, target.choice);
      await timezone.refetch();
      notify.success(res.message);
    } catch (e) {
      notify.error(serverErrorText(e));
    } finally {
      setSaving(null);
    }
  };
  return (
    <TextField
      select
      fullWidth
      label="Time Zone"
      value={zones.some((z) => z.catalog_id === value) ? value : ''}
      disabled={timezone.isPending || saving !== null}
      onChange={(e) => void change(Number(e.target.value))}
    >
      {zones.map((z) => (
        <MenuItem key={z.catalog_id} value={z.catalog_id}>
          {z.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
