// Agent (staff) form rules (spec 3 section 5): all errors are reported together.
import { z } from 'zod';
import type { Agent, AgentInput } from '../../api/types';
import { requiredEmail, requiredPhone } from '../../components/form/rules';

export const SELECT_ROLE = 'Select at least one role to the agent!';
export const AGENT_PASSWORD_MISMATCH = "Password doesn't match";
export const NO_EMAIL_SET = 'No email set!';

export interface StaffRole {
  id: number;
  label: string;
  description: string;
}

/** Staff roles in the order the form lists them. */
export const STAFF_ROLES: readonly StaffRole[] = [
  { id: 8, label: 'Super Admin', description: 'all properties; inherits program manager features' },
  {
    id: 4,
    label: 'Program Manager',
    description: 'full permission for staff, properties, company settings; sees only assigned properties',
  },
  {
    id: 2,
    label: 'Sales Staff',
    description: 'receives visit alerts, sees property and visit details, staff app access; no users or settings',
  },
  { id: 1, label: 'Other Staff', description: 'non-lead agents and field staff, mobile app access to homes only' },
  { id: 7, label: 'Trade Contractor', description: 'tradespeople with mobile app access to properties' },
];

export const OTHER_STAFF_ID = 1;
/** Roles that get the lead-notification (text and email) block. */
export const LEAD_NOTIFICATION_ROLES: readonly number[] = [2, 4, 8];

/** Whether the role is offered lead notifications; the others (Other Staff, Trade Contractor) get none. */
export const getsLeadNotifications = (roleId: number | null) =>
  roleId !== null && LEAD_NOTIFICATION_ROLES.includes(roleId);

/**
 * The notification e-mail to show: the one set, else, when e-mail notifications are on, the
 * user's e-mail (empty when there is none: the form then says 'No email set!').
 */
export function defaultNotificationEmail(
  v: Pick<AgentFormValues, 'send_email' | 'notification_email' | 'email'>,
): string {
  const set = v.notification_email.trim();
  return set || (v.send_email === 1 ? v.email.trim() : '');
}

/** Role ids stored on older accounts: -1 is Sales Staff; 1, 3 and 5 are Other Staff. */
export function normalizeRoleId(id: number | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  if (id === -1) return 2;
  if (id === 1 || id === 3 || id === 5) return OTHER_STAFF_ID;
  return STAFF_ROLES.some((r) => r.id === id) ? id : null;
}

/** The username suggested on add: firstname.lastname in lower case. */
export function suggestUsername(firstname: string, lastname: string): string {
  return [firstname, lastname]
    .map((s) => s.toLowerCase().replace(/\s+/g, ''))
    .filter(Boolean)
    .join('.');
}

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(250, `${label} must be at most 250 characters`)
    .regex(/^\p{L}+(?: \p{L}+)*$/u, `${label} may contain letters only`);

const flag = z.number().int().min(0).max(1);

export function agentSchema(options: { requireBuilder: boolean }) {
  return z
    .object({
      username: z.string().trim().min(1, 'Username is required').max(250, 'Username must be at most 250 characters'),
      firstname: name('First name'),
      lastname: name('Last name'),
      email: requiredEmail,
      phone: requiredPhone,
      pass_word: z.string().nullable(),
      confirm_password: z.string().nullable(),
      builder_id: z.number().nullable(),
      roleId: z.number().nullable(),
      send_sms: flag,
      send_email: flag,
      notification_email: z.string().trim(),
    })
    .superRefine((v, ctx) => {
      if (v.roleId === null) ctx.addIssue({ code: 'custom', path: ['roleId'], message: SELECT_ROLE });
      if ((v.pass_word || '') !== (v.confirm_password || '')) {
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: AGENT_PASSWORD_MISMATCH });
      }
      if (options.requireBuilder && !v.builder_id) {
        ctx.addIssue({ code: 'custom', path: ['builder_id'], message: 'Builder is required' });
      }
      if (v.notification_email && !z.email().safeParse(v.notification_email).success) {
        ctx.addIssue({
          code: 'custom',
          path: ['notification_email'],
          message: 'Notification email must be a valid email',
        });
      }
    });
}

export type AgentFormValues = z.input<ReturnType<typeof agentSchema>>;

export const emptyAgentForm = (builderId: number | null = null): AgentFormValues => ({
  username: '',
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  pass_word: null,
  confirm_password: null,
  builder_id: builderId,
  roleId: null,
  send_sms: 0,
  send_email: 0,
  notification_email: '',
});

const digitsToMask = (phone: string | null | undefined) => {
  const d = (phone ?? '').replace(/\D/g, '').slice(0, 10);
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6)].filter(Boolean).join('-');
};

export function agentToForm(a: Agent): AgentFormValues {
  const form: AgentFormValues = {
    username: a.username,
    firstname: a.firstname ?? '',
    lastname: a.lastname ?? '',
    email: a.email ?? '',
    phone: digitsToMask(a.phone),
    pass_word: null,
    confirm_password: null,
    builder_id: a.builder_id ?? null,
    roleId: normalizeRoleId(a.roles?.id),
    send_sms: Number(a.send_sms) === 1 ? 1 : 0,
    send_email: Number(a.send_email) === 1 ? 1 : 0,
    notification_email: a.notification_email ?? '',
  };
  return { ...form, notification_email: defaultNotificationEmail(form) };
}

/**
 * The POST/PATCH body. Roles without the lead-notification block (Other Staff, Trade Contractor)
 * never get texts or emails; the notification email falls back to the email.
 */
export function formToAgentInput(v: AgentFormValues, includeBuilder: boolean): AgentInput {
  const leads = getsLeadNotifications(v.roleId);
  const sendEmail = leads ? v.send_email : 0;
  const notificationEmail = defaultNotificationEmail({ ...v, send_email: sendEmail });
  const body: AgentInput = {
    username: v.username.trim(),
    firstname: v.firstname.trim(),
    lastname: v.lastname.trim(),
    phone: v.phone,
    email: v.email.trim(),
    roles: { id: v.roleId ?? 0 },
    send_sms: leads ? v.send_sms : 0,
    send_email: sendEmail,
    notification_email: notificationEmail || null,
  };
  if (v.pass_word) {
    body.pass_word = v.pass_word;
    body.confirm_password = v.confirm_password;
  }
  if (includeBuilder && v.builder_id) body.builder_id = v.builder_id;
  return body;
}
