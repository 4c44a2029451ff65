// The Schedule Consultation form (spec 3: Sales Training): every field but additional info is
// required; submitting only shows 'Consultation request submitted!' (nothing is sent).
import { z } from 'zod';
import { requiredEmail, requiredPhone } from '../../components/form/rules';

export const CONSULTATION_SUBMITTED = 'Consultation request submitted!';

export const PREFERRED_TIMES = [
  { value: 'morning', label: 'Morning (9AM-12PM)' },
  { value: 'afternoon', label: 'Afternoon (1PM-5PM)' },
  { value: 'evening', label: 'Evening (6PM-8PM)' },
] as const;

const required = (what: string) => z.string().trim().min(1, `${what} is required`);

export const consultationSchema = z.object({
  fullName: required('Full name'),
  email: requiredEmail,
  phone: requiredPhone,
  company: required('Company'),
  preferredDate: required('Preferred date'),
  preferredTime: required('Preferred time'),
  additionalInfo: z.string(),
});
export type ConsultationValues = z.infer<typeof consultationSchema>;

export const EMPTY_CONSULTATION: ConsultationValues = {
  fullName: '',
  email: '',
  phone: '',
  company: '',
  preferredDate: '',
  preferredTime: '',
  additionalInfo: '',
};
