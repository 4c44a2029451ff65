import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '../../../../api/client';
import { useSession } from '../../../../api/session';
import type { CommunityProperty, CommunityRow } from '../../../../api/types';
import { useNotify } from '../../../../app/notify';
import { GoBack } from '../../../../components/GoBack';
import { LoadError, loadErrorText } from '../../../../components/LoadError';
import NotFound from '../../../../components/NotFound';
import { BuilderSelect, serverErrorText, useFormBuilderChoice } from '../../../../components/form';
import { LIST_KEY } from '../../../../components/list/useListQuery';
import { Wizard } from '../../../../components/wizard/Wizard';
import { useBuilderCommunities } from '../../../communities/api/communities';
import { PROPERTIES_AREA, useProperty } from '../../../properties/api/properties';
import { NO_COMMUNITY } from '../../../properties/components/PropertyInfoFields';
import { ALARM_AREA, activateProperty, saveAlarmHub, useCommunityHomes } from '../../api/alarm';
import { ReadOnlyFields } from '../inventory/ReadOnlyFields';

const STEPS = ['Select Property', 'Activate'] as const;
/** Homes that take no alarm unit (the server refuses them too). */
const INACTIVE = ['PROPERTY_SOLD', 'PROPERTY_ARCHIVED', 'PROPERTY_RENTED'];
const NOT_ACTIVE = 'Choose an active property';

const homeLabel = (p: CommunityProperty) =>
  `${p.house_num ? `Lot ${p.house_num} · ` : ''}${p.address_1}, ${p.state} ${p.zipcode}`;

/** /devices/{CustomerId}?name={UnitDescription}: attach an alarm unit to a home, then activate it. */
export default function DeviceWizardPage() {
  const { id } = useParams();
  const customerId = Number(id);
  if (!Number.isInteger(customerId) || customerId <= 0) return <NotFound />;
  return <DeviceWizard key={customerId} customerId={customerId} />;
}

function DeviceWizard({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const unitDescription = searchParams.get('name') ?? '';
  const { user } = useSession();
  // Enterprise users choose whose homes to offer, starting from the top bar's builder.
  const { chooseBuilder, initialBuilder } = useFormBuilderChoice(false);
  const [builderId, setBuilderId] = useState(chooseBuilder ? initialBuilder : (user?.builderId ?? null));
  const [communityId, setCommunityId] = useState<number | null>(null);
  const [propertyId, setPropertyId] = useState<number | null>(null);
  const [propertyError, setPropertyError] = useState<string | null>(null);
  // The home the hub was saved for: coming back with Previous must not save it twice.
  const [savedFor, setSavedFor] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const communities = useBuilderCommunities(builderId);
  const homes = useCommunityHomes(communityId);
  const property = useProperty(propertyId);
  const inactive = !!property.data && INACTIVE.includes(property.data.disposition_constant);

  const pickProperty = (id: number | null) => {
    setPropertyId(id);
    setPropertyError(null);
  };

  const saveHub = async (home: number) => {
    if (home === savedFor) {
      setActive(1);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveAlarmHub({
        UnitDescription: unitDescription,
        customer_id: customerId,
        property_id: home,
        hub_type: 'adc',
      });
      notify.success(saved.message);
      setSavedFor(home);
      setActive(1);
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, ALARM_AREA] });
    } catch (e) {
      if (e instanceof ApiError && e.errors?.property_id) setPropertyError(e.errors.property_id);
      notify.error(serverErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  const activate = async (home: number) => {
    setBusy(true);
    try {
      const answer = await activateProperty(home);
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, ALARM_AREA] });
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, PROPERTIES_AREA] });
      navigate('/devices');
    } catch (e) {
      notify.error(errorMessage(e));
      setBusy(false);
    }
  };

  const communityOptions = communities.data ?? [];
  const homeOptions = homes.data ?? [];
  const home = property.data;
  return (
    <Box>
      <GoBack to="/devices" />
      <Typography variant="h1">{unitDescription}</Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary', mb: 2 }}>
        Customer ID {customerId}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
        <Wizard
          steps={STEPS}
          active={active}
          onBack={() => setActive(0)}
          onNext={() => {
            if (propertyId === null) return;
            void (active === 0 ? saveHub(propertyId) : activate(propertyId));
          }}
          nextLabel={active === 0 ? 'Save Hub' : 'Activate'}
          nextDisabled={propertyId === null || !home || inactive}
          busy={busy}
        >
          {active === 0 ? (
            <Stack spacing={2}>
              {chooseBuilder && (
                <BuilderSelect
                  required
                  value={builderId}
                  onChange={(picked) => {
                    setBuilderId(picked);
                    setCommunityId(null);
                    pickProperty(null);
                  }}
                />
              )}
              <Autocomplete<CommunityRow>
                options={communityOptions}
                value={communityOptions.find((c) => c.id === communityId) ?? null}
                onChange={(_, picked) => {
                  setCommunityId(picked?.id ?? null);
                  pickProperty(null);
                }}
                getOptionLabel={(c) => c.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={communities.isFetching}
                disabled={builderId === null}
                noOptionsText={NO_COMMUNITY}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Community"
                    required
                    helperText={builderId === null ? 'Choose a builder first' : undefined}
                  />
                )}
              />
              {communities.isError && (
                <LoadError onRetry={() => void communities.refetch()}>
                  {loadErrorText('Communities', communities.error)}
                </LoadError>
              )}
              <Autocomplete<CommunityProperty>
                options={homeOptions}
                value={homeOptions.find((p) => p.property_id === propertyId) ?? null}
                onChange={(_, picked) => pickProperty(picked?.property_id ?? null)}
                getOptionLabel={homeLabel}
                isOptionEqualToValue={(a, b) => a.property_id === b.property_id}
                loading={homes.isFetching}
                disabled={communityId === null}
                noOptionsText="No properties were found"
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Property"
                    required
                    error={!!propertyError || inactive}
                    helperText={propertyError ?? (inactive ? NOT_ACTIVE : undefined)}
                  />
                )}
              />
              {homes.isError && (
                <LoadError onRetry={() => void homes.refetch()}>{loadErrorText('Properties', homes.error)}</LoadError>
              )}
              {property.isError && (
                <LoadError onRetry={() => void property.refetch()}>
                  {loadErrorText('The property', property.error)}
                </LoadError>
              )}
            </Stack>
          ) : (
            home && (
              <ReadOnlyFields
                fields={[
                  ['Address', home.address_1],
                  ['City', home.city],
                  ['State', home.state],
                  ['Lot Number', home.house_num],
                ]}
              />
            )
          )}
        </Wizard>
      </Paper>
    </Box>
  );
}
