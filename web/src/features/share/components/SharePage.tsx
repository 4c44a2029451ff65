import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import type { PropertyRow } from '../../../api/types';
import { useBuilderIdParam } from '../../../app/builderSelection';
import { useNotify } from '../../../app/notify';
import {
  FormTextField,
  PhoneField,
  applyServerErrors,
  serverErrorText,
  useFormUnsaved,
} from '../../../components/form';
import { LIST_KEY } from '../../../components/list/useListQuery';
import { Wizard } from '../../../components/wizard/Wizard';
import { PropertyPicker } from '../../properties/components/PropertyPicker';
import { todayInput } from '../../../lib/format';
import { shareTour } from '../api/share';
import {
  EMPTY_SHARE,
  SCHEDULED_TOUR,
  SHARE_VISITOR_TYPES,
  VERIFIED_CUSTOMER,
  VISIT_TIMES,
  shareRequest,
  shareSchema,
  type ShareValues,
} from '../shareSchema';

const STEPS = ['Book a tour', 'Customer Details'] as const;

const FIELDS = [
  'book_tour',
  'firstname',
  'lastname',
  'email_1',
  'cell_phone_1',
  'property_id',
  'visitor_type_id',
  'visit_date',
  'visit_time',
] as const;

const BOOKINGS = [
  {
    value: VERIFIED_CUSTOMER,
    title: 'Create Verified account',
    text: 'Sends an invite with a username and password that bypasses identity verification.',
    icon: <VerifiedUserIcon color="primary" />,
    recommended: false,
  },
  {
    value: SCHEDULED_TOUR,
    title: 'Send Scheduled Tour Invite',
    text: 'The recipient verifies their identity, then can tour at the scheduled time or on demand.',
    icon: <EventAvailableIcon color="primary" />,
    recommended: true,
  },
] as const;

/** `15 · Lot 18 · 204 Pecan Trail`: a home as the Share form offers it (id, lot number, address). */
export function shareHomeLabel(p: Pick<PropertyRow, 'property_id' | 'house_num' | 'address_1'>): string {
  return [String(p.property_id), p.house_num ? `Lot ${p.house_num}` : null, p.address_1].filter(Boolean).join(' · ');
}

/** /share: invite a visitor to tour a home, with a verified account or a scheduled tour. */
export default function SharePage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const builderId = useBuilderIdParam();
  const [active, setActive] = useState(0);
  const [home, setHome] = useState<PropertyRow | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, trigger, setValue, setError, clearErrors, reset, formState } = useForm<ShareValues>({
    resolver: zodResolver(shareSchema),
    defaultValues: EMPTY_SHARE,
  });
  useFormUnsaved(formState, 'the invite');
  const bookTour = useWatch({ control, name: 'book_tour' });
  const scheduled = bookTour === SCHEDULED_TOUR;

  const next = async () => {
    if (await trigger('book_tour')) setActive(1);
  };

  const save = handleSubmit(async (values) => {
    setBusy(true);
    try {
      const answer = await shareTour(shareRequest(values));
      notify.success(answer.message);
      reset(EMPTY_SHARE);
      setHome(null);
      setActive(0);
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY] });
    } catch (e) {
      applyServerErrors(e, setError, FIELDS);
      notify.error(serverErrorText(e));
    } finally {
      setBusy(false);
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (active === 0) void next();
    else void save();
  };

  const choose = (value: string) => {
    setValue('book_tour', value, { shouldValidate: true });
  };

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Share
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
        <form onSubmit={onSubmit} noValidate>
          <Wizard
            steps={STEPS}
            active={active}
            onBack={() => {
              clearErrors();
              setActive(0);
            }}
            onNext={() => void (active === 0 ? next() : save())}
            nextLabel={active === 0 ? 'Next' : 'Save'}
            nextDisabled={active === 0 && !bookTour}
            busy={busy}
          >
            {active === 0 ? (
              <Box>
                <Stack role="radiogroup" aria-label="Book a tour" direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {BOOKINGS.map((b) => {
                    const chosen = bookTour === b.value;
                    return (
                      <Card
                        key={b.value}
                        variant="outlined"
                        sx={{ flex: 1, borderWidth: 2, borderColor: chosen ? 'primary.main' : 'divider' }}
                      >
                        <CardActionArea
                          role="radio"
                          aria-checked={chosen}
                          onClick={() => choose(b.value)}
                          sx={{ height: '100%' }}
                        >
                          <CardContent>
                            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                              {b.icon}
                              <Typography variant="h3" component="span">
                                {b.title}
                              </Typography>
                              {b.recommended && <Chip size="small" color="primary" label="Recommended" />}
                            </Stack>
                            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                              {b.text}
                            </Typography>
                          </CardContent>
                        </CardActionArea>
                      </Card>
                    );
                  })}
                </Stack>
                {formState.errors.book_tour && (
                  <FormHelperText error sx={{ mt: 1 }}>
                    {formState.errors.book_tour.message}
                  </FormHelperText>
                )}
              </Box>
            ) : (
              <Stack spacing={2}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField control={control} name="firstname" label="First Name" required autoFocus />
                  <FormTextField control={control} name="lastname" label="Last Name" required />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <PhoneField control={control} name="cell_phone_1" label="Phone" required />
                  <FormTextField control={control} name="email_1" label="Email" type="email" required />
                </Stack>
                <PropertyPicker
                  label="Property"
                  required
                  builderId={builderId}
                  value={home}
                  optionLabel={shareHomeLabel}
                  toursOnly
                  error={formState.errors.property_id?.message}
                  onChange={(picked) => {
                    setHome(picked);
                    setValue('property_id', picked?.property_id ?? 0, { shouldValidate: formState.isSubmitted });
                  }}
                />
                <FormTextField
                  control={control}
                  name="visitor_type_id"
                  label="Visitor Type"
                  select
                  required
                  transform={Number}
                >
                  {SHARE_VISITOR_TYPES.map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.label}
                    </MenuItem>
                  ))}
                </FormTextField>
                {scheduled && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <FormTextField
                      control={control}
                      name="visit_date"
                      label="Visit Date"
                      type="date"
                      required
                      hint="In the home's time zone"
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInput() } }}
                    />
                    <FormTextField control={control} name="visit_time" label="Visit Time" select required>
                      {VISIT_TIMES.map((t) => (
                        <MenuItem key={t} value={t}>
                          {t}
                        </MenuItem>
                      ))}
                    </FormTextField>
                  </Stack>
                )}
              </Stack>
            )}
          </Wizard>
        </form>
      </Paper>
    </Box>
  );
}
