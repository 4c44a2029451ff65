import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormProvider, useForm, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { ApiError, api } from '../../../api/client';
import { useSession } from '../../../api/session';
import type { CommunityDetail, TourDay } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import {
  DigitsField,
  FormPage,
  FormTextField,
  applyServerErrors,
  serverErrorText,
  useFormBuilderChoice,
  useFormUnsaved,
} from '../../../components/form';
import { TourHoursEditor } from '../../../components/hours/TourHoursEditor';
import { loadErrorText } from '../../../components/LoadError';
import { LIST_KEY } from '../../../components/list/useListQuery';
import { StaffAssignment, type AssignedAgent, type AssignedTeam } from '../../../components/staffing/StaffAssignment';
import { Wizard } from '../../../components/wizard/Wizard';
import { communityKey } from '../../communities/api/communities';
import { PROPERTIES_AREA, createProperty, locate } from '../api/properties';
import { useBuilderMode } from '../builderMode';
import {
  COMMUNITY_CLEARED,
  communityFill,
  emptyWizard,
  pmProblem,
  stepOfField,
  tourHoursProblem,
  wizardSchema,
  wizardSteps,
  wizardToObject,
  type WizardValues,
} from '../propertySchema';
import { ADD_DISABLED } from './PropertiesListPage';
import { PropertyInfoFields } from './PropertyInfoFields';

const WIZARD_FIELDS = Object.keys(emptyWizard(null, null));

/** /properties/add: the property create wizard. */
export default function PropertyWizardPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { chooseBuilder, initialBuilder } = useFormBuilderChoice(false);
  const schema = useMemo(() => wizardSchema({ requireBuilder: chooseBuilder }), [chooseBuilder]);
  const form = useForm<WizardValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyWizard(chooseBuilder ? initialBuilder : null, null),
  });
  const { control, getValues, setValue, setError, handleSubmit, formState } = form;
  useFormUnsaved(formState, 'the new property');
  const formBuilder = useWatch({ control, name: 'builder_id' });
  const builderId = chooseBuilder ? formBuilder : (user?.builderId ?? null);
  const mode = useBuilderMode(builderId);
  const steps = wizardSteps({ isEnterprise: !!user?.isEnterprise, isRental: mode.isRental });
  const addDisabled = mode.detail?.disable_add_property_and_community === true;

  const [active, setActive] = useState(0);
  // A program manager adding a home of their own builder manages it unless they say otherwise.
  const [agents, setAgents] = useState<AssignedAgent[]>(() =>
    user && user.isPM && !user.isAdmin && !chooseBuilder
      ? [{ agentUsername: user.username, firstname: user.firstName, lastname: user.lastName, is_project_manager: true }]
      : [],
  );
  /** Next was pressed on the staff step without a project manager: the rule turns to an error. */
  const [staffTried, setStaffTried] = useState(false);
  const [teams, setTeams] = useState<AssignedTeam[]>([]);
  const [tourHours, setTourHours] = useState<TourDay[] | null>(null);
  const [busy, setBusy] = useState(false);
  const step = steps[Math.min(active, steps.length - 1)];
  const last = active >= steps.length - 1;

  // The builder's time zone is the natural start for its homes.
  const builderZone = mode.detail?.timezone;
  useEffect(() => {
    if (builderZone && !getValues('timezone')) setValue('timezone', builderZone);
  }, [builderZone, getValues, setValue]);

  // A community answer that arrives after another pick is ignored.
  const lastCommunity = useRef<number | null>(null);
  const { isSubmitted } = formState;
  const fillFromCommunity = async (id: number | null) => {
    lastCommunity.current = id;
    if (id === null) return;
    try {
      const community = await queryClient.fetchQuery({
        queryKey: communityKey(id),
        queryFn: ({ signal }) => api<CommunityDetail>(`/communities/${id}`, { signal }),
      });
      if (lastCommunity.current !== id) return;
      for (const [field, value] of Object.entries(communityFill(community))) {
        setValue(field as keyof WizardValues, value, { shouldValidate: isSubmitted, shouldDirty: true });
      }
    } catch (e) {
      notify.error(loadErrorText('Community', e));
    }
  };

  // Communities, staff and teams belong to a builder: a new builder starts them over.
  const builderPicked = () => {
    lastCommunity.current = null;
    for (const [field, value] of Object.entries(COMMUNITY_CLEARED)) setValue(field as keyof WizardValues, value);
    setAgents([]);
    setTeams([]);
  };

  /** The first step (up to `upTo`) that shows one of these fields, or null. */
  const firstStepOf = (fields: string[], upTo = steps.length - 1) => {
    const at = fields.map((f) => steps.indexOf(stepOfField(f))).filter((i) => i >= 0 && i <= upTo);
    return at.length ? Math.min(...at) : null;
  };

  const save = async () => {
    const values = getValues();
    setBusy(true);
    try {
      const coordinates = await locate({
        address_1: values.address_1.trim(),
        houseNum: values.house_num.trim() || null,
        city: values.city.trim(),
        state: values.state,
      });
      const body = wizardToObject(values, {
        chooseBuilder,
        isRental: mode.isRental,
        coordinates,
        agents,
        teams,
        tourHours,
      });
      const res = await createProperty(body);
      notify.success(res.message);
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, PROPERTIES_AREA] });
      navigate(`/properties/${res.property_id}`);
    } catch (e) {
      // Field errors land on their fields; the user is taken to the first step that shows one.
      applyServerErrors(e, setError, WIZARD_FIELDS);
      const stop = e instanceof ApiError && e.errors ? firstStepOf(Object.keys(e.errors)) : null;
      if (stop !== null) setActive(stop);
      notify.error(serverErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  /** The checks that are not form fields (staff, tour hours), then the next step or the save. */
  const advance = async () => {
    if (step === 'Add Users & Teams' && pmProblem(agents)) {
      // The rule stands beside the staff picker (below); saying it again would stack notices.
      setStaffTried(true);
      return;
    }
    const hoursProblem = step === 'Tour Hours' ? tourHoursProblem(tourHours) : null;
    if (hoursProblem) {
      notify.error(hoursProblem);
      return;
    }
    if (last) await save();
    else setActive(active + 1);
  };

  // Every Next validates the form: errors on this step or an earlier one stop it (and show that
  // step); fields of later steps are checked when the user gets there.
  const next = handleSubmit(advance, async (errors: FieldErrors<WizardValues>) => {
    const stop = firstStepOf(Object.keys(errors), active);
    if (stop === null) await advance();
    else setActive(stop);
  });

  return (
    <FormPage
      back="/properties"
      title="Add Property"
      // Enter in a field moves on, like Next.
      onSubmit={(e) => void next(e)}
      maxWidth={980}
    >
      {addDisabled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {ADD_DISABLED}
        </Alert>
      )}
      <Wizard
        steps={steps}
        active={active}
        onBack={() => setActive(Math.max(0, active - 1))}
        onNext={() => {
          if (!busy) void next();
        }}
        nextLabel={last ? 'Save' : 'Next'}
        nextDisabled={addDisabled}
        busy={busy}
      >
        <FormProvider {...form}>
          {step === 'Property Info' && (
            <PropertyInfoFields
              builderId={builderId}
              isRental={mode.isRental}
              chooseBuilder={chooseBuilder}
              onBuilderPicked={builderPicked}
              onCommunityPicked={(id) => void fillFromCommunity(id)}
            />
          )}
          {step === 'Add Users & Teams' && (
            <Stack spacing={2}>
              {pmProblem(agents) && (
                <Alert severity={staffTried ? 'error' : 'info'} role={staffTried ? 'alert' : 'status'}>
                  {pmProblem(agents)} Add an agent and tick their PM box.
                </Alert>
              )}
              <StaffAssignment
                builderId={builderId}
                agents={agents}
                teams={teams}
                onChange={(a, t) => {
                  setAgents(a);
                  setTeams(t);
                }}
                showProjectManager
              />
            </Stack>
          )}
          {step === 'Tour Hours' && <TourHoursEditor value={tourHours} onChange={setTourHours} />}
          {step === 'Automations' && (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <DigitsField control={control} name="property_backup_code" label="Property Master Code" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <DigitsField control={control} name="trade_code" label="Trade Code" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <DigitsField control={control} name="sales_code" label="Sales Code" />
              </Grid>
            </Grid>
          )}
          {step === 'Integrations' && <IntegrationFields />}
        </FormProvider>
      </Wizard>
    </FormPage>
  );
}

/** The Lasso project id (digits; a trailing space is allowed) and whether the integration is on. */
function IntegrationFields() {
  const form = useFormContext<WizardValues>();
  const active = useWatch({ control: form.control, name: 'integration_active' });
  return (
    <Grid container spacing={2} sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={form.control}
          name="lasso_project_id"
          label="Lasso Project ID"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormControlLabel
          label="Integration active"
          control={
            <Switch
              checked={!!active}
              onChange={(e) => form.setValue('integration_active', e.target.checked, { shouldDirty: true })}
            />
          }
        />
      </Grid>
    </Grid>
  );
}
