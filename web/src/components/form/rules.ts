// Field rules shared by several forms.
import { z } from 'zod';

export const requiredEmail = z.string().trim().min(1, 'Email is required').pipe(z.email('Email must be a valid email'));

/** The 999-999-9999 mask of PhoneField. */
export const requiredPhone = z
  .string()
  .min(1, 'Phone is required')
  .regex(/^\d{3}-\d{3}-\d{4}$/, 'Phone must match 999-999-9999');
