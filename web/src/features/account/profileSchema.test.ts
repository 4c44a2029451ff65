import { describe, expect, it } from 'vitest';
import {
  PROFILE_PASSWORD_MISMATCH,
  USERNAME_FORMAT,
  displayPhone,
  formToProfileUpdate,
  profileSchema,
  profileToForm,
  type ProfileFormValues,
} from './profileSchema';
import type { Profile } from '../../api/types';

const profile = {
  username: 'dana.pm',
  firstName: 'Dana',
  lastName: 'Park',
  phone: '5551234567',
  email: 'dana@example.com',
  cc_email: null,
  send_cc_email: 0,
  send_email: 1,
  send_sms: 0,
  post_tour_send_email: 1,
  post_tour_send_sms: 0,
  lock_battery_level_send_email: 0,
  lock_battery_level_send_sms: 1,
  lock_offline_send_email: 0,
  lock_offline_send_sms: 0,
  lock_jam_events_send_email: 0,
  lock_jam_events_send_sms: 0,
} as unknown as Profile;

const valid = profileToForm(profile);

function errorsOf(values: ProfileFormValues): Record<string, string> {
  const r = profileSchema.safeParse(values);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('profile rules', () => {
  it('loads a profile into the form, showing a 10-digit phone with dashes', () => {
    expect(valid).toMatchObject({ phone: '555-123-4567', cc_email: '', send_email: 1, lock_battery_level_send_sms: 1 });
    expect(displayPhone('555-123-45678')).toBe('555-123-45678');
    expect(errorsOf(valid)).toEqual({});
  });

  it('uses the username format message', () => {
    expect(errorsOf({ ...valid, username: '' }).username).toBe(USERNAME_FORMAT);
    expect(errorsOf({ ...valid, username: 'x'.repeat(251) }).username).toBe(
      "Staying username doesn't match firstname.lastname format",
    );
  });

  it('requires alphanumeric first and last names', () => {
    const errors = errorsOf({ ...valid, firstName: '', lastName: 'P@rk' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.lastName).toBe('Last name must be alphanumeric');
    expect(errorsOf({ ...valid, firstName: 'Dana 2' })).toEqual({});
  });

  it('requires a phone in the 999-999-99999 mask', () => {
    expect(errorsOf({ ...valid, phone: '' }).phone).toBe('Phone is required');
    expect(errorsOf({ ...valid, phone: '555-123' }).phone).toBe('Phone must match 999-999-99999');
    expect(errorsOf({ ...valid, phone: '555-123-45678' })).toEqual({});
  });

  it('requires an email with at least two domain segments', () => {
    expect(errorsOf({ ...valid, email: '' }).email).toBe('Email is required');
    expect(errorsOf({ ...valid, email: 'dana@localhost' }).email).toBe('Email must be a valid email');
  });

  it('requires a valid cc email only when sending copies', () => {
    expect(errorsOf({ ...valid, send_cc_email: 1, cc_email: '' }).cc_email).toBe('CC email is required');
    expect(errorsOf({ ...valid, send_cc_email: 1, cc_email: 'x@y' }).cc_email).toBe('CC email must be a valid email');
    expect(errorsOf({ ...valid, send_cc_email: 1, cc_email: 'boss@example.com' })).toEqual({});
    expect(errorsOf({ ...valid, send_cc_email: 0, cc_email: '' })).toEqual({});
  });

  it('reports mismatched passwords with the profile message, together with other errors', () => {
    const errors = errorsOf({ ...valid, firstName: '', pass_word: 'one', confirm: 'two' });
    expect(errors.confirm).toBe(PROFILE_PASSWORD_MISMATCH);
    expect(errors.confirm).toBe("Password doesn't match.");
    expect(errors.firstName).toBe('First name is required');
  });

  it('sends cc_email as null when empty and the password only when set', () => {
    const body = formToProfileUpdate(valid) as unknown as Record<string, unknown>;
    expect(body.cc_email).toBeNull();
    expect(body).not.toHaveProperty('pass_word');
    expect(body).not.toHaveProperty('username');
    expect(body).toMatchObject({ send_email: 1, post_tour_send_email: 1 });
    const withPassword = formToProfileUpdate({ ...valid, pass_word: 'N3w!', confirm: 'N3w!' }) as unknown as Record<
      string,
      unknown
    >;
    expect(withPassword).toMatchObject({ pass_word: 'N3w!', confirm: 'N3w!' });
  });
});
