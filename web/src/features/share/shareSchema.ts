// The Share form (spec 2 §2 Share, §5): its two ways of booking, the visit times offered and
// every rule with the spec's message.
import { z } from 'zod';
import { requiredPhone } from '../../components/form/rules';

export const VERIFIED_CUSTOMER = 'verifiedCustomer';
export const SCHEDULED_TOUR = 'scheduledTour';

/** Only V and AG are offered (spec 2 §6). */
export const SHARE_VISITOR_TYPES = [
  { id: 122, label: 'V' },
  { id: 123, label: 'AG' },
] as const;

/** Every 30 minutes from 7:00 AM to 8:30 PM, as the server takes them. */
export const VISIT_TIMES: readonly string[] = Array.from({ length: 28 }, (_, i) => {
  const minutes = 7 * 60 + i * 30;
  const hour = Math.floor(minutes / 60);
  const shown = hour > 12 ? hour - 12 : hour;
  return `${shown}:${String(minutes % 60).padStart(2, '0')} ${hour >= 12 ? 'PM' : 'AM'}`;
});

const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(250, `${label} must be at most 250 characters`);

export const shareSchema = z
  .object({
    book_tour: z
      .string()
      .refine((v): boolean => v === VERIFIED_CUSTOMER || v === SCHEDULED_TOUR, 'Book Tour is required'),
    firstname: name('First Name'),
    lastname: name('Last Name'),
    email_1: z.string().trim().min(1, 'Email is required').pipe(z.email('Email must be valid email')),
    cell_phone_1: requiredPhone,
    property_id: z.number().min(1, 'Property is required'),
    visitor_type_id: z.number().min(1, 'Visitor Type is required'),
    /** yyyy-MM-dd as the date input gives it. */
    visit_date: z.string(),
    visit_time: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.book_tour !== SCHEDULED_TOUR) return;
    if (!v.visit_date) ctx.addIssue({ code: 'custom', path: ['visit_date'], message: 'Visit date is required' });
    if (!v.visit_time) ctx.addIssue({ code: 'custom', path: ['visit_time'], message: 'Visit time is required' });
  });
export type ShareValues = z.infer<typeof shareSchema>;

export const EMPTY_SHARE: ShareValues = {
  book_tour: '',
  firstname: '',
  lastname: '',
  email_1: '',
  cell_phone_1: '',
  property_id: 0,
  // Most invites are for visitors.
  visitor_type_id: 122,
  visit_date: '',
  visit_time: '',
};

/** The request: the date as MM/dd/yyyy, and no visit for a verified account. */
export function shareRequest(v: ShareValues) {
  const scheduled = v.book_tour === SCHEDULED_TOUR;
  const [year, month, day] = v.visit_date.split('-');
  return {
    firstname: v.firstname.trim(),
    lastname: v.lastname.trim(),
    email_1: v.email_1.trim(),
    cell_phone_1: v.cell_phone_1,
    property_id: v.property_id,
    book_tour: v.book_tour,
    visitor_type_id: v.visitor_type_id,
    visit_date: scheduled ? `${month}/${day}/${year}` : null,
    visit_time: scheduled ? v.visit_time : null,
  };
}
