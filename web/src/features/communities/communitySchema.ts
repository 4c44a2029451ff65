// Community form rules (spec 3 §5 Community and Codes) and the mapping between the form, the
// server's community and its save body. One form serves the detail page and the add wizard.
import { z } from 'zod';
import type { Community, CommunityDetail, CommunityInput, StaffDay, TourDay } from '../../api/types';
import { DAY_NAMES } from '../../components/hours/clock';
import { validateStaffWeek } from '../../components/hours/staffHours';
import { validateTourWeek } from '../../components/hours/tourHours';
import { toAssignedAgent, type AssignedAgent, type AssignedTeam } from '../../components/staffing/StaffAssignment';

export const MSG_NAME = 'Name is required field';
export const MSG_STATE = 'State is required field';
export const MSG_CITY = 'City is required field';
export const MSG_ZIP = 'Zip is required field';
export const MSG_BUILDER = 'Builder is required field';
export const MSG_SALES_CONTACT = 'Sales contact is a required field';
export const MSG_POINT_PERSON = 'Point person is a required field';
export const MSG_DIGITS_ONLY = 'The field should have digits only';
/** The server's words when a builder may not add communities (a 403 on save). */
export const MSG_ADD_TURNED_OFF = 'Adding communities is turned off for this builder';
export const MSG_TRADE_CODE = 'Trade code are must have between 4-8 digits! Empty slots are acceptable';

/** The server's limit for names and the other required texts. */
export const TEXT_MAX = 250;
/**
 * Project ids are 64-bit numbers on the server, but travel as JSON numbers, which the browser
 * holds exactly only up to 15 digits; longer ones would be saved and shown changed.
 */
export const PROJECT_ID_MAX = 15;

const required = (message: string) => z.string().trim().min(1, message);
const digits = z.string().regex(/^\d*$/, MSG_DIGITS_ONLY);

/** The first problem of a week, named by its day (`Monday: End must be after start`). */
function firstDayProblem(problems: Record<number, string>): string | null {
  const day = Object.keys(problems).map(Number)[0];
  return day === undefined ? null : `${DAY_NAMES[day]}: ${problems[day]}`;
}

export function communitySchema(options: { requireBuilder: boolean }) {
  return z
    .object({
      builder_id: z.number().nullable(),
      name: required(MSG_NAME),
      state: required(MSG_STATE),
      city: required(MSG_CITY),
      zip: required(MSG_ZIP),
      emergency_contacts: required(MSG_POINT_PERSON),
      sales_agent: required(MSG_SALES_CONTACT),
      external_community_id: z.string(),
      status_id: z.number().nullable(),
      community_url: z.string(),
      floor_plan_url: z.string(),
      virtual_tour_url: z.string(),
      additional_notes: z.string(),
      communityTourHours: z.custom<TourDay[] | null>(),
      agents: z.custom<AssignedAgent[]>(),
      teams: z.custom<AssignedTeam[]>(),
      lasso_community_project_id: digits,
      novihome_integration: z.boolean(),
      community_backup_code: digits,
      trade_code: digits.refine((v) => v === '' || (v.length >= 4 && v.length <= 8), MSG_TRADE_CODE),
      sales_code: digits,
      communityStaffHours: z.custom<StaffDay[] | null>(),
      staff_lock_interval: z.number().nullable(),
    })
    .superRefine((v, ctx) => {
      if (options.requireBuilder && !v.builder_id)
        ctx.addIssue({ code: 'custom', path: ['builder_id'], message: MSG_BUILDER });
      const tour = v.communityTourHours ? firstDayProblem(validateTourWeek(v.communityTourHours)) : null;
      if (tour) ctx.addIssue({ code: 'custom', path: ['communityTourHours'], message: tour });
      if (v.communityStaffHours) {
        const staff = validateStaffWeek(v.communityStaffHours, v.staff_lock_interval);
        const problem = firstDayProblem(staff.days);
        if (problem) ctx.addIssue({ code: 'custom', path: ['communityStaffHours'], message: problem });
        if (staff.lockInterval)
          ctx.addIssue({ code: 'custom', path: ['staff_lock_interval'], message: staff.lockInterval });
      }
    });
}

export type CommunityFormValues = z.input<ReturnType<typeof communitySchema>>;
export type CommunityField = keyof CommunityFormValues;

/** The form's fields by tab of the detail page and by step of the wizard (same groups). */
export const SECTIONS = {
  info: [
    'builder_id',
    'name',
    'state',
    'city',
    'zip',
    'emergency_contacts',
    'sales_agent',
    'external_community_id',
    'status_id',
    'community_url',
    'floor_plan_url',
    'virtual_tour_url',
    'additional_notes',
  ],
  tourHours: ['communityTourHours'],
  staff: ['agents', 'teams'],
  integrations: ['lasso_community_project_id', 'novihome_integration'],
  automations: ['community_backup_code', 'trade_code', 'sales_code', 'communityStaffHours', 'staff_lock_interval'],
} as const satisfies Record<string, readonly CommunityField[]>;

export type Section = keyof typeof SECTIONS;

/** The first section (in `order`) holding one of the fields with an error; null when none. */
export function firstSectionWithError<S extends Section>(
  order: readonly S[],
  errors: Partial<Record<string, unknown>>,
): S | null {
  return order.find((s) => (SECTIONS[s] as readonly string[]).some((f) => errors[f] !== undefined)) ?? null;
}

/** The form as it starts: empty for a new community, else the loaded one. */
export function communityDefaults(community: Community | null, builderId: number | null): CommunityFormValues {
  return {
    builder_id: community?.builder_id ?? builderId,
    name: community?.name ?? '',
    state: community?.state ?? '',
    city: community?.city ?? '',
    zip: community?.zip ?? '',
    emergency_contacts: community?.emergency_contacts ?? '',
    sales_agent: community?.sales_agent ?? '',
    external_community_id: community?.external_community_id ?? '',
    status_id: community?.status_id ?? null,
    community_url: community?.community_url ?? '',
    floor_plan_url: community?.floor_plan_url ?? '',
    virtual_tour_url: community?.virtual_tour_url ?? '',
    additional_notes: community?.additional_notes ?? '',
    communityTourHours: community?.communityTourHours ?? null,
    agents: (community?.agents ?? []).map(toAssignedAgent),
    teams: (community?.teams ?? []).map((t) => ({ id: t.id, name: t.name })),
    lasso_community_project_id:
      community?.lasso_community_project_id === null || community?.lasso_community_project_id === undefined
        ? ''
        : String(community.lasso_community_project_id),
    novihome_integration: community?.novihome_integration ?? false,
    community_backup_code: community?.community_backup_code ?? '',
    trade_code: community?.trade_code ?? '',
    sales_code: community?.sales_code ?? '',
    communityStaffHours: community?.communityStaffHours ?? null,
    staff_lock_interval: community?.staff_lock_interval ?? null,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The save body. Fields the console does not edit (the hub code, the privacy texts and logo) go
 * back as loaded, so a save never clears them.
 */
export function toCommunityInput(
  values: CommunityFormValues,
  target: { community: Community | null; chooseBuilder: boolean },
): CommunityInput {
  const { community, chooseBuilder } = target;
  const body: CommunityInput = {
    name: values.name.trim(),
    state: values.state,
    city: values.city.trim(),
    zip: values.zip.trim(),
    emergency_contacts: values.emergency_contacts,
    sales_agent: values.sales_agent.trim(),
    external_community_id: orNull(values.external_community_id),
    status_id: values.status_id,
    community_url: orNull(values.community_url),
    floor_plan_url: orNull(values.floor_plan_url),
    virtual_tour_url: orNull(values.virtual_tour_url),
    additional_notes: orNull(values.additional_notes),
    communityTourHours: values.communityTourHours,
    agents: values.agents.map((a) => a.agentUsername),
    teams: values.teams.map((t) => t.id),
    lasso_community_project_id:
      values.lasso_community_project_id === '' ? null : Number(values.lasso_community_project_id),
    novihome_integration: values.novihome_integration,
    community_backup_code: values.community_backup_code,
    trade_code: values.trade_code,
    sales_code: values.sales_code,
    communityStaffHours: values.communityStaffHours,
    staff_lock_interval: values.communityStaffHours === null ? null : values.staff_lock_interval,
    hub_backup_code: community?.hub_backup_code ?? '',
    privacy_additional_notes: community?.privacy_additional_notes ?? null,
    privacy_logo: community?.privacy_logo ?? null,
  };
  if (community) body.id = community.id;
  else if (chooseBuilder) body.builder_id = values.builder_id;
  return body;
}

/** Server field keys (422 `errors`) and the form fields they belong to. */
export const SERVER_FIELDS: Record<string, string> = {
  ...Object.fromEntries(Object.values(SECTIONS).flatMap((fields) => fields.map((f) => [f, f]))),
  ...Object.fromEntries(DAY_NAMES.map((_, d) => [`communityTourHours.${d}`, 'communityTourHours'])),
  ...Object.fromEntries(DAY_NAMES.map((_, d) => [`communityStaffHours.${d}`, 'communityStaffHours'])),
};

/** The public page's address; null when the server has no public site configured. */
export function publicUrlOf(community: CommunityDetail): string | null {
  return community.public_url || null;
}
