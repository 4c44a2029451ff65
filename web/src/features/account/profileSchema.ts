// Profile form rules (spec 3 section 5).
import { z } from 'zod';
import type { Profile, ProfileUpdate } from '../../api/types';

export const USERNAME_FORMAT = "Staying username doesn't match firstname.lastname format";
export const PROFILE_PASSWORD_MISMATCH = "Password doesn't match.";
export const PHONE_PROFILE_GROUPS = [3, 3, 5] as const;

/** Email with at least two domain segments (x@example.com). */
export const EMAIL_2_SEGMENTS = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const NOTIFICATION_FLAGS = [
  'send_email',
  'send_sms',
  'post_tour_send_email',
  'post_tour_send_sms',
  'lock_battery_level_send_email',
  'lock_battery_level_send_sms',
  'lock_offline_send_email',
  'lock_offline_send_sms',
  'lock_jam_events_send_email',
  'lock_jam_events_send_sms',
] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];

const flag = z.number().int().min(0).max(1);
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(250, `${label} must be at most 250 characters`)
    .regex(/^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u, `${label} must be alphanumeric`);

export const profileSchema = z
  .object({
    username: z.string().min(1, USERNAME_FORMAT).max(250, USERNAME_FORMAT),
    firstName: name('First name'),
    lastName: name('Last name'),
    phone: z
      .string()
      .trim()
      .min(1, 'Phone is required')
      .regex(/^\d{3}-\d{3}-\d{4,5}$/, 'Phone must match 999-999-99999'),
    email: z.string().trim().min(1, 'Email is required').regex(EMAIL_2_SEGMENTS, 'Email must be a valid email'),
    pass_word: z.string(),
    confirm: z.string(),
    send_cc_email: flag,
    cc_email: z.string().trim(),
    /** Not edited here (the staff form sets it); sent back as loaded. */
    notification_email: z.string(),
    send_email: flag,
    send_sms: flag,
    post_tour_send_email: flag,
    post_tour_send_sms: flag,
    lock_battery_level_send_email: flag,
    lock_battery_level_send_sms: flag,
    lock_offline_send_email: flag,
    lock_offline_send_sms: flag,
    lock_jam_events_send_email: flag,
    lock_jam_events_send_sms: flag,
  })
  .superRefine((v, ctx) => {
    if (v.pass_word !== v.confirm) {
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: PROFILE_PASSWORD_MISMATCH });
    }
    if (v.send_cc_email === 1) {
      if (!v.cc_email) ctx.addIssue({ code: 'custom', path: ['cc_email'], message: 'CC email is required' });
      else if (!EMAIL_2_SEGMENTS.test(v.cc_email))
        ctx.addIssue({ code: 'custom', path: ['cc_email'], message: 'CC email must be a valid email' });
    } else if (v.cc_email && !EMAIL_2_SEGMENTS.test(v.cc_email)) {
      ctx.addIssue({ code: 'custom', path: ['cc_email'], message: 'CC email must be a valid email' });
    }
  });

export type ProfileFormValues = z.input<typeof profileSchema>;

const toFlag = (v: unknown) => (Number(v) === 1 || v === true ? 1 : 0);

/** A 10-digit phone is shown with dashes. */
export function displayPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  return phone ?? '';
}

export function profileToForm(p: Profile): ProfileFormValues {
  const r = p as unknown as Record<string, unknown>;
  const values: ProfileFormValues = {
    username: p.username ?? '',
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    phone: displayPhone(p.phone),
    email: p.email ?? '',
    pass_word: '',
    confirm: '',
    send_cc_email: toFlag(r.send_cc_email),
    cc_email: (r.cc_email as string | null | undefined) ?? '',
    notification_email: (r.notification_email as string | null | undefined) ?? '',
    send_email: 0,
    send_sms: 0,
    post_tour_send_email: 0,
    post_tour_send_sms: 0,
    lock_battery_level_send_email: 0,
    lock_battery_level_send_sms: 0,
    lock_offline_send_email: 0,
    lock_offline_send_sms: 0,
    lock_jam_events_send_email: 0,
    lock_jam_events_send_sms: 0,
  };
  for (const f of NOTIFICATION_FLAGS) values[f] = toFlag(r[f]);
  return values;
}

/** The PATCH body: cc_email null when empty; the password only when set. */
export function formToProfileUpdate(v: ProfileFormValues): ProfileUpdate {
  const body: ProfileUpdate = {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    phone: v.phone.trim(),
    email: v.email.trim(),
    send_cc_email: v.send_cc_email,
    cc_email: v.cc_email.trim() === '' ? null : v.cc_email.trim(),
    notification_email: v.notification_email.trim() === '' ? null : v.notification_email.trim(),
    send_email: v.send_email,
    send_sms: v.send_sms,
    post_tour_send_email: v.post_tour_send_email,
    post_tour_send_sms: v.post_tour_send_sms,
    lock_battery_level_send_email: v.lock_battery_level_send_email,
    lock_battery_level_send_sms: v.lock_battery_level_send_sms,
    lock_offline_send_email: v.lock_offline_send_email,
    lock_offline_send_sms: v.lock_offline_send_sms,
    lock_jam_events_send_email: v.lock_jam_events_send_email,
    lock_jam_events_send_sms: v.lock_jam_events_send_sms,
  };
  if (v.pass_word) {
    body.pass_word = v.pass_word;
    body.confirm = v.confirm;
  }
  return body;
}
