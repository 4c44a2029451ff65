// The New Device form (spec 2 §2): a lock registered into inventory. Messages are the server's.
import { z } from 'zod';
import type { NewLockInput } from '../../../../api/types';
import { formatUsDate } from '../../../../lib/format';

export const LOCK_STATES = ['locked', 'unlocked'] as const;

const email = z.email('Email must be valid email');

export function newDeviceSchema(options: { requireBuilder: boolean }) {
  return z
    .object({
      lock_id: z.string().trim().min(1, 'Lock ID is required'),
      secret_id: z.string(),
      /** Dates as the date inputs give them (yyyy-MM-dd), '' for none. */
      battery_change_date: z.string(),
      lock_version: z.string(),
      licensee: z.string(),
      lock_status: z.enum(LOCK_STATES),
      email: z
        .string()
        .trim()
        .refine((e) => e === '' || email.safeParse(e).success, 'Email must be valid email'),
      manufacturer: z.string(),
      purchase_date: z.string(),
      license_start_date: z.string(),
      comments: z.string(),
      builder_id: z.number().nullable(),
    })
    .superRefine((v, ctx) => {
      if (options.requireBuilder && !v.builder_id)
        ctx.addIssue({ code: 'custom', path: ['builder_id'], message: 'Builder is required field' });
    });
}

export type NewDeviceValues = z.input<ReturnType<typeof newDeviceSchema>>;

/** The form's fields, which are also the server's field keys (its 422 messages land on them). */
export const NEW_DEVICE_FIELDS = [
  'lock_id',
  'secret_id',
  'battery_change_date',
  'lock_version',
  'licensee',
  'lock_status',
  'email',
  'manufacturer',
  'purchase_date',
  'license_start_date',
  'comments',
  'builder_id',
] as const;

export function newDeviceDefaults(builderId: number | null): NewDeviceValues {
  return {
    lock_id: '',
    secret_id: '',
    battery_change_date: '',
    lock_version: '',
    licensee: '',
    lock_status: 'locked',
    email: '',
    manufacturer: '',
    purchase_date: '',
    license_start_date: '',
    comments: '',
    builder_id: builderId,
  };
}

const text = (v: string) => v.trim() || null;
/** The server takes dates as MM/dd/yyyy. */
const date = (v: string) => (v ? formatUsDate(v) : null);

/** POST /api/locks's body; the builder only when the user chose one (others get their own). */
export function toNewLockInput(v: NewDeviceValues): NewLockInput {
  return {
    lock_id: v.lock_id.trim(),
    secret_id: text(v.secret_id),
    battery_change_date: date(v.battery_change_date),
    lock_version: text(v.lock_version),
    licensee: text(v.licensee),
    lock_status: v.lock_status,
    email: text(v.email),
    manufacturer: text(v.manufacturer),
    purchase_date: date(v.purchase_date),
    license_start_date: date(v.license_start_date),
    comments: text(v.comments),
    builder_id: v.builder_id,
  };
}
