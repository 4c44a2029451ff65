import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '../../../app/notify';
import { FormPage, FormTextField, applyServerErrors, serverErrorText, useFormUnsaved } from '../../../components/form';
import { saveDisclosures, settingsKey } from '../api/settings';
import { SettingsGate, type SettingsFormProps } from '../builderScope';
import {
  DISCLOSURE_NAME_LIMIT,
  DISCLOSURE_TEXT_LIMIT,
  disclosureSchema,
  disclosureToInput,
  settingsToDisclosure,
  type DisclosureValues,
} from '../disclosureSchema';
import { CharacterCount } from './CharacterCount';
import { SwitchField } from './fields';

const TITLE = 'Disclosures';
const FIELDS = ['custom_disclosure_name', 'custom_disclosure_text'];

/** /disclosures: the custom disclosure visitors accept before a tour. */
export default function DisclosuresPage() {
  return <SettingsGate title={TITLE} form={DisclosureForm} />;
}

function DisclosureForm({ target, settings }: SettingsFormProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setValue, clearErrors, setError, reset, formState } = useForm<DisclosureValues>({
    resolver: zodResolver(disclosureSchema),
    defaultValues: settingsToDisclosure(settings),
  });
  useFormUnsaved(formState, 'the disclosure');
  const [active, text] = useWatch({ control, name: ['custom_disclosure_active', 'custom_disclosure_text'] });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await saveDisclosures(disclosureToInput(values, target.choice));
      notify.success(res.message);
      reset(values);
      void queryClient.invalidateQueries({ queryKey: settingsKey(target.builderId) });
    } catch (e) {
      applyServerErrors(e, setError, FIELDS);
      notify.error(serverErrorText(e));
    }
  });

  return (
    <FormPage title={TITLE} onSubmit={onSubmit} maxWidth={880}>
      <Stack spacing={2}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          A disclosure of your own that visitors accept before they tour.
        </Typography>
        <SwitchField
          control={control}
          name="custom_disclosure_active"
          label="Custom disclosure"
          onToggle={(on) => {
            if (on) return;
            // Switching off clears the name and the text.
            setValue('custom_disclosure_name', '');
            setValue('custom_disclosure_text', '');
            clearErrors();
          }}
        />
        <FormTextField
          control={control}
          name="custom_disclosure_name"
          label="Disclosure name"
          required={active}
          disabled={!active}
          slotProps={{ htmlInput: { maxLength: DISCLOSURE_NAME_LIMIT } }}
        />
        <Box>
          <FormTextField
            control={control}
            name="custom_disclosure_text"
            label="Disclosure text"
            required={active}
            disabled={!active}
            multiline
            minRows={8}
            slotProps={{ htmlInput: { maxLength: DISCLOSURE_TEXT_LIMIT } }}
          />
          <CharacterCount count={text.length} limit={DISCLOSURE_TEXT_LIMIT} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Submit
          </Button>
        </Box>
      </Stack>
    </FormPage>
  );
}
