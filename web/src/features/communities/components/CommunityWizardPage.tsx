import { useMemo, useState } from 'react';
import { useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../api/session';
import { FormPage, useFormBuilderChoice, useFormUnsaved } from '../../../components/form';
import { Wizard } from '../../../components/wizard/Wizard';
import { useBuilderDetail } from '../../builders/api/useBuilders';
import {
  communityDefaults,
  communitySchema,
  firstSectionWithError,
  MSG_ADD_TURNED_OFF,
  SECTIONS,
  type CommunityFormValues,
  type Section,
} from '../communitySchema';
import { useCommunitySubmit } from '../useCommunitySubmit';
import { CommunityInfoFields } from './CommunityInfoFields';
import { AutomationFields, IntegrationFields, StaffSection, TourHoursSection } from './CommunitySections';

export const WIZARD_STEPS = [
  'Community Info',
  'Tour Hours',
  'Staff (Add Users and Teams)',
  'Integrations',
  'Automations',
] as const;
/** The form fields each step shows, checked before Next leaves it. */
export const STEP_SECTIONS: readonly Section[] = ['info', 'tourHours', 'staff', 'integrations', 'automations'];

/** The step holding the first field with an error (where a refused save sends the user back). */
export function stepWithError(errors: Partial<Record<string, unknown>>): number | null {
  const section = firstSectionWithError(STEP_SECTIONS, errors);
  return section === null ? null : STEP_SECTIONS.indexOf(section);
}

type Integration = 'manual' | 'sync';

/** /communities/add: the wizard. Submit on Automations checks everything, saves and goes to the list. */
export default function CommunityWizardPage() {
  const { user } = useSession();
  const { chooseBuilder, initialBuilder } = useFormBuilderChoice(false);
  const schema = useMemo(() => communitySchema({ requireBuilder: chooseBuilder }), [chooseBuilder]);
  const form = useForm<CommunityFormValues>({
    resolver: zodResolver(schema),
    defaultValues: communityDefaults(null, initialBuilder),
  });
  const { control, setValue, trigger, handleSubmit, formState } = form;
  useFormUnsaved(formState, 'the new community');
  const [active, setActive] = useState(0);
  const [integration, setIntegration] = useState<Integration>('manual');
  const formBuilder = useWatch({ control, name: 'builder_id' });
  const builderId = chooseBuilder ? formBuilder : (user?.builderId ?? null);
  const detail = useBuilderDetail(builderId);
  const addTurnedOff = detail.data?.disable_add_property_and_community === true;
  const last = WIZARD_STEPS.length - 1;

  const goToError = (errors: Partial<Record<string, unknown>>) => {
    const step = stepWithError(errors);
    if (step !== null) setActive(step);
  };
  const submit = useCommunitySubmit({
    community: null,
    chooseBuilder,
    setError: form.setError,
    onFieldErrors: goToError,
  });

  const next = async () => {
    if (active < last) {
      if (await trigger([...SECTIONS[STEP_SECTIONS[active]]])) setActive(active + 1);
      return;
    }
    await handleSubmit(submit, goToError)();
  };

  return (
    <FormPage
      back="/communities"
      title="Add Community"
      onSubmit={(e) => {
        // Enter in a field moves on, as Next does.
        e.preventDefault();
        void next();
      }}
      maxWidth={960}
    >
      {addTurnedOff && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MSG_ADD_TURNED_OFF}
        </Alert>
      )}
      <Wizard
        steps={WIZARD_STEPS}
        active={active}
        onBack={() => setActive(Math.max(0, active - 1))}
        onNext={() => void next()}
        nextDisabled={active === last && addTurnedOff}
        busy={formState.isSubmitting}
      >
        {active === 0 && (
          <CommunityInfoFields
            control={control}
            builderId={builderId ?? null}
            chooseBuilder={chooseBuilder}
            // The point person and the staff belong to a builder: another builder starts them over.
            onBuilderPicked={() => {
              setValue('emergency_contacts', '');
              setValue('agents', []);
              setValue('teams', []);
            }}
          />
        )}
        {active === 1 && <TourHoursSection control={control} />}
        {active === 2 && <StaffSection control={control} builderId={builderId ?? null} />}
        {active === 3 && (
          <IntegrationChoice control={control} setValue={setValue} value={integration} onChange={setIntegration} />
        )}
        {active === 4 && <AutomationFields control={control} />}
      </Wizard>
    </FormPage>
  );
}

/**
 * The integrations choice: Manually Create a Property (no integration; the homes are added by
 * hand) or Sync & Integrate (the community's integration fields). Going back to manual clears them.
 */
function IntegrationChoice({
  control,
  setValue,
  value,
  onChange,
}: {
  control: Control<CommunityFormValues>;
  setValue: UseFormSetValue<CommunityFormValues>;
  value: Integration;
  onChange(value: Integration): void;
}) {
  return (
    <Stack spacing={2}>
      <RadioGroup
        aria-label="How the community's properties are created"
        value={value}
        onChange={(e) => {
          const picked = e.target.value as Integration;
          if (picked === 'manual') {
            setValue('lasso_community_project_id', '');
            setValue('novihome_integration', false);
          }
          onChange(picked);
        }}
      >
        <FormControlLabel
          value="manual"
          control={<Radio />}
          label={
            <Typography>
              Manually Create a Property
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                The community&apos;s homes are added one by one on the Properties page.
              </Typography>
            </Typography>
          }
        />
        <FormControlLabel
          value="sync"
          control={<Radio />}
          label={
            <Typography>
              Sync &amp; Integrate
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                The community is linked to a sales system; give its project there.
              </Typography>
            </Typography>
          }
        />
      </RadioGroup>
      {value === 'sync' && <IntegrationFields control={control} />}
    </Stack>
  );
}
