import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../../api/client';
import { useNotify } from '../../../app/notify';
import { FormPage, FormTextField, serverErrorText, useFormUnsaved } from '../../../components/form';
import { saveSettings, useStoreSettings } from '../api/settings';
import { SettingsGate, type SettingsFormProps } from '../builderScope';
import {
  CONTENT_SECTIONS,
  CONTENT_TEXT_LIMIT,
  contentSchema,
  contentToJson,
  defaultContent,
  parseContent,
  type ContentValues,
} from '../contentSettings';
import { homeWords } from '../wording';

const TITLE = 'Content Settings';

/** /content-settings: the tour-page texts. */
export default function ContentSettingsPage() {
  return <SettingsGate title={TITLE} form={ContentForm} />;
}

function ContentForm({ target, settings }: SettingsFormProps) {
  const notify = useNotify();
  const storeSettings = useStoreSettings();
  const words = homeWords(target.isRental);
  const defaults = defaultContent(words);
  const { control, handleSubmit, reset, formState } = useForm<ContentValues>({
    resolver: zodResolver(contentSchema),
    defaultValues: parseContent(settings.content_settings),
  });
  useFormUnsaved(formState, 'the tour-page texts');

  // As the spec says, validation problems are only logged; what was typed stays in the form.
  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const view = await saveSettings({ builder_id: target.choice, content_settings: contentToJson(values) });
        storeSettings(view);
        reset(parseContent(view.content_settings));
        notify.success('Updated successfully');
      } catch (e) {
        if (e instanceof ApiError && e.status === 422) console.error('Content settings were refused', e.errors);
        else notify.error(serverErrorText(e));
      }
    },
    (errors) => console.error('Content settings are not valid', errors),
  );

  return (
    <FormPage title={TITLE} onSubmit={onSubmit} maxWidth={960}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        The texts of your self-tour pages. A text left empty shows the standard wording, seen greyed in its field.
      </Typography>
      {CONTENT_SECTIONS.map((section) => (
        <Box component="section" aria-label={section.title} key={section.title}>
          <Typography variant="h2">{section.title}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {section.about(words)}
          </Typography>
          <Grid container spacing={2}>
            {section.fields.map((f) => (
              <Grid key={f.key} size={f.multiline ? 12 : { xs: 12, sm: 6 }}>
                <FormTextField
                  control={control}
                  name={f.key}
                  label={f.label}
                  multiline={f.multiline}
                  minRows={f.multiline ? 2 : undefined}
                  placeholder={defaults[f.key]}
                  slotProps={{ htmlInput: { maxLength: CONTENT_TEXT_LIMIT }, inputLabel: { shrink: true } }}
                />
              </Grid>
            ))}
          </Grid>
          <Divider sx={{ my: 3 }} />
        </Box>
      ))}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
        Submit
      </Button>
    </FormPage>
  );
}
