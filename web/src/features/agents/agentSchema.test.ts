import { describe, expect, it } from 'vitest';
import {
  AGENT_PASSWORD_MISMATCH,
  SELECT_ROLE,
  agentSchema,
  agentToForm,
  emptyAgentForm,
  formToAgentInput,
  normalizeRoleId,
  suggestUsername,
  type AgentFormValues,
} from './agentSchema';
import { lettersAndSpaces, maskPhone } from '../../lib/format';
import { ANN } from '../../test/fixtures';

const valid: AgentFormValues = {
  ...emptyAgentForm(),
  username: 'ann.lee',
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann@example.com',
  phone: '555-123-4567',
  roleId: 2,
};

function errorsOf(values: AgentFormValues, requireBuilder = false): Record<string, string> {
  const r = agentSchema({ requireBuilder }).safeParse(values);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('agent form rules', () => {
  it('accepts a complete agent', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('reports every error together, including the role', () => {
    const errors = errorsOf({ ...emptyAgentForm(), pass_word: 'a', confirm_password: 'b' }, true);
    expect(errors).toEqual({
      username: 'Username is required',
      firstname: 'First name is required',
      lastname: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      roleId: SELECT_ROLE,
      confirm_password: AGENT_PASSWORD_MISMATCH,
      builder_id: 'Builder is required',
    });
  });

  it('uses the exact role message', () => {
    expect(errorsOf({ ...valid, roleId: null }).roleId).toBe('Select at least one role to the agent!');
  });

  it('limits usernames and names to 250 characters', () => {
    const long = 'a'.repeat(251);
    const errors = errorsOf({ ...valid, username: long, firstname: long, lastname: long });
    expect(errors.username).toBe('Username must be at most 250 characters');
    expect(errors.firstname).toBe('First name must be at most 250 characters');
    expect(errors.lastname).toBe('Last name must be at most 250 characters');
    expect(errorsOf({ ...valid, username: 'a'.repeat(250) })).toEqual({});
  });

  it('allows letters and inner spaces in names only', () => {
    expect(errorsOf({ ...valid, firstname: 'Mary Ann', lastname: 'Åström' })).toEqual({});
    expect(errorsOf({ ...valid, firstname: 'R2D2' }).firstname).toBe('First name may contain letters only');
  });

  it('drops other characters from names as typed', () => {
    expect(lettersAndSpaces(' Jo3hn-  Paul!')).toBe('John Paul');
  });

  it('needs a valid email and a 999-999-9999 phone', () => {
    const errors = errorsOf({ ...valid, email: 'nope', phone: '555-1234' });
    expect(errors.email).toBe('Email must be a valid email');
    expect(errors.phone).toBe('Phone must match 999-999-9999');
    expect(maskPhone('(555) 123 45678')).toBe('555-123-4567');
  });

  it('accepts no password, and a password only with the same confirmation', () => {
    expect(errorsOf({ ...valid, pass_word: null, confirm_password: null })).toEqual({});
    expect(errorsOf({ ...valid, pass_word: 'Secret1!', confirm_password: 'Secret1!' })).toEqual({});
    expect(errorsOf({ ...valid, pass_word: 'Secret1!', confirm_password: 'Secret2!' }).confirm_password).toBe(
      "Password doesn't match",
    );
  });

  it('keeps send_sms and send_email to 0 or 1', () => {
    expect(errorsOf({ ...valid, send_sms: 2 }).send_sms).toBeDefined();
  });

  it('suggests firstname.lastname in lower case', () => {
    expect(suggestUsername('Mary Ann', 'McDonald')).toBe('maryann.mcdonald');
    expect(suggestUsername('Ann', '')).toBe('ann');
  });

  it('maps old role ids', () => {
    expect(normalizeRoleId(-1)).toBe(2);
    expect(normalizeRoleId(3)).toBe(1);
    expect(normalizeRoleId(5)).toBe(1);
    expect(normalizeRoleId(8)).toBe(8);
    expect(normalizeRoleId(99)).toBeNull();
  });

  it('sends no texts or emails for the roles without the lead-notification block', () => {
    for (const id of [1, 7]) {
      const body = formToAgentInput({ ...valid, roleId: id, send_sms: 1, send_email: 1 }, false);
      expect(body).toMatchObject({ roles: { id }, send_sms: 0, send_email: 0, notification_email: null });
    }
    for (const id of [2, 4, 8]) {
      expect(formToAgentInput({ ...valid, roleId: id, send_sms: 1, send_email: 1 }, false)).toMatchObject({
        send_sms: 1,
        send_email: 1,
      });
    }
  });

  it('shows a loaded agent with email notifications on and no notification email with their email', () => {
    expect(agentToForm(ANN).notification_email).toBe('ann@example.com');
    expect(agentToForm({ ...ANN, notification_email: 'leads@example.com' }).notification_email).toBe(
      'leads@example.com',
    );
    expect(agentToForm({ ...ANN, send_email: 0 }).notification_email).toBe('');
  });

  it('defaults the notification email to the email when email notifications are on', () => {
    const body = formToAgentInput({ ...valid, send_email: 1, notification_email: '' }, false);
    expect(body.notification_email).toBe('ann@example.com');
  });

  it('sends the password and the builder only when set', () => {
    expect(formToAgentInput(valid, true)).not.toHaveProperty('pass_word');
    expect(formToAgentInput({ ...valid, builder_id: 4 }, true)).toMatchObject({ builder_id: 4 });
    expect(formToAgentInput({ ...valid, builder_id: 4 }, false)).not.toHaveProperty('builder_id');
    expect(formToAgentInput({ ...valid, pass_word: 'x', confirm_password: 'x' }, false)).toMatchObject({
      pass_word: 'x',
      confirm_password: 'x',
    });
  });
});
