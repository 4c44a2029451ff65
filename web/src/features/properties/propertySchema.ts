// Property rules (spec 1 §4–5, §9): the wizard's Property Info step and the detail page's info
// card share one field table but word their messages differently (as the server does); codes,
// integration project ids, dispositions, access settings and the wizard's steps.
import { z } from 'zod';
import type { CatalogItem, PropertyDetail, TourDay } from '../../api/types';
import { normalizeTourWeek, validateTourWeek } from '../../components/hours/tourHours';
import { PROJECT_ID_MAX } from '../communities/communitySchema';

export type PropertyFormKind = 'wizard' | 'edit';

/** The fields of the wizard's first step and the info card (numbers as typed: text). */
export interface PropertyInfoValues {
  /** The wizard's builder (enterprise users pick one); unused by the info card. */
  builder_id: number | null;
  community_id: number | null;
  /** Catalog type 6 id; null or 0 is missing. */
  timezone: number | null;
  house_num: string;
  address_1: string;
  subdivision: string;
  marketing_name: string;
  city: string;
  state: string;
  zipcode: string;
  url_1: string;
  rental_application_url: string;
  /** Digits only (whole US dollars). */
  price: string;
  bedrooms: string;
  fullBathrooms: string;
  halfBathrooms: string;
  squareFootage: string;
  mls_number: string;
  external_identifier: string;
  external_identifier_2: string;
  isModel: boolean | null;
  alarm: boolean;
  alarm_company: string;
  armed_hours: string;
  disarm_code: string;
  emergency_notes: string;
}

export type AlarmField = 'alarm_company' | 'armed_hours' | 'disarm_code' | 'emergency_notes';
export const ALARM_FIELDS: readonly AlarmField[] = ['alarm_company', 'armed_hours', 'disarm_code', 'emergency_notes'];

export const MSG_BUILDER = 'Builder required';
export const MSG_PM_REQUIRED = 'A PM is required to be assigned!';
export const MSG_NOT_NUMBER = 'Must be a number';
export const MSG_DIGITS_ONLY = 'The field should have digits only';
export const MSG_TRADE_CODE = 'Trade code are must have between 4-8 digits! Empty slots are acceptable';
export const MSG_REMOVE_YOURSELF = 'You cannot remove yourself';
export const MSG_TOUR_HOURS = 'Correct the tour hours first';

/** Custom tour hours with a day the editor marks wrong cannot be saved (Default always can). */
export function tourHoursProblem(hours: readonly TourDay[] | null): string | null {
  return hours && Object.keys(validateTourWeek(normalizeTourWeek(hours))).length > 0 ? MSG_TOUR_HOURS : null;
}

interface Rule {
  field: keyof PropertyInfoValues;
  wizard: string;
  edit: string;
}

const TEXT_RULES: readonly Rule[] = [
  { field: 'address_1', wizard: 'Address field is required', edit: 'Address is required' },
  { field: 'city', wizard: 'City field is required', edit: 'City is required' },
  { field: 'state', wizard: 'State field is required', edit: 'State is required' },
  { field: 'zipcode', wizard: 'Zipcode field is required', edit: 'Zipcode is required' },
];

const COUNT_RULES: readonly Rule[] = [
  { field: 'bedrooms', wizard: 'Bedrooms field is required', edit: 'Bedrooms is required' },
  { field: 'fullBathrooms', wizard: 'Full Bathrooms field is required', edit: 'Full Bathrooms is required' },
  { field: 'halfBathrooms', wizard: 'Half Bathrooms field is required', edit: 'Half Bathrooms is required' },
  { field: 'squareFootage', wizard: 'Square Footage field is required', edit: 'Square Footage is required' },
];

// The spec words the wizard's choice messages in lower case after `Builder required`.
const COMMUNITY = { wizard: 'community required', edit: 'Community is required' };
const TIMEZONE = { wizard: 'timezone required', edit: 'Timezone is required' };
const PRICE = { wizard: 'Price must be a number', edit: MSG_NOT_NUMBER };

/** A numeric field as typed: blank is missing (null), else the number, or NaN when it is none. */
export function parseNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : NaN;
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0 && n < 1e9;

export type FieldErrors = Record<string, string>;

/**
 * The errors of the wizard's first step or of the info card, by field. The edit form also needs
 * the coordinates and Is Model; the wizard needs the builder when the user chooses it.
 */
export function checkPropertyInfo(
  values: PropertyInfoValues & Partial<Pick<EditValues, 'latitude' | 'longitude'>>,
  form: PropertyFormKind,
  options: { requireBuilder?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  if (form === 'wizard' && options.requireBuilder && !values.builder_id) errors.builder_id = MSG_BUILDER;
  if (!values.community_id) errors.community_id = COMMUNITY[form];
  if (!values.timezone) errors.timezone = TIMEZONE[form];
  for (const rule of TEXT_RULES) {
    if (String(values[rule.field] ?? '').trim() === '') errors[rule.field] = rule[form];
  }
  for (const rule of COUNT_RULES) {
    const n = parseNumber(values[rule.field] as string);
    if (n === null) errors[rule.field] = rule[form];
    else if (!isCount(n)) errors[rule.field] = MSG_NOT_NUMBER;
  }
  const price = parseNumber(values.price);
  if (price !== null && !(price >= 0 && price < 1e12)) errors.price = PRICE[form];
  if (form === 'edit') {
    for (const [field, label] of [
      ['latitude', 'Latitude'],
      ['longitude', 'Longitude'],
    ] as const) {
      const n = parseNumber(values[field]);
      if (n === null) errors[field] = `${label} is required`;
      else if (Number.isNaN(n)) errors[field] = MSG_NOT_NUMBER;
    }
    if (values.isModel === null || values.isModel === undefined) errors.isModel = 'Is Model is required';
  }
  return errors;
}

/** The error of an automation code: digits only; a trade code is empty or 4 to 8 digits. */
export function codeError(field: string, code: string): string | null {
  if (!/^\d*$/.test(code)) return MSG_DIGITS_ONLY;
  if (field === 'trade_code' && code !== '' && (code.length < 4 || code.length > 8)) return MSG_TRADE_CODE;
  return null;
}

export const CODE_FIELDS = ['property_backup_code', 'trade_code', 'sales_code'] as const;
export type CodeField = (typeof CODE_FIELDS)[number];
export type CodeValues = Record<CodeField, string>;

export function checkCodes(values: CodeValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of CODE_FIELDS) {
    const problem = codeError(field, values[field] ?? '');
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** An integration project id as typed: digits (a trailing space allowed) or empty. */
export function projectIdError(text: string): string | null {
  const trimmed = text.replace(/\s+$/, '');
  return trimmed === '' || new RegExp(`^\\d{1,${PROJECT_ID_MAX}}$`).test(trimmed) ? null : MSG_DIGITS_ONLY;
}

/** What is sent for a project id: the digits, or null when empty. */
export function projectIdValue(text: string): string | null {
  const trimmed = text.replace(/\s+$/, '');
  return trimmed === '' ? null : trimmed;
}

/** Integrations whose project id is not numeric are not shown. */
export function visibleIntegrations<T extends { project_id?: number | string | null }>(list: readonly T[]): T[] {
  return list.filter((i) => i.project_id === null || i.project_id === undefined || /^\d+$/.test(String(i.project_id)));
}

// ---- The property object ----------------------------------------------------------------------

/** The fields of the property object the server reads, named as the detail names them. */
type SentField =
  | 'community_id'
  | 'disposition_id'
  | 'timezone'
  | 'house_num'
  | 'address_1'
  | 'subdivision'
  | 'marketing_name'
  | 'city'
  | 'state'
  | 'zipcode'
  | 'latitude'
  | 'longitude'
  | 'url_1'
  | 'rental_application_url'
  | 'price'
  | 'bedrooms'
  | 'fullBathrooms'
  | 'halfBathrooms'
  | 'squareFootage'
  | 'mls_number'
  | 'external_identifier'
  | 'external_identifier_2'
  | 'isModel'
  | 'alarm'
  | 'alarm_company'
  | 'armed_hours'
  | 'disarm_code'
  | 'emergency_notes'
  | 'property_backup_code'
  | 'trade_code'
  | 'sales_code'
  | 'resident_code'
  | 'access_notes'
  | 'contract_date'
  | 'access_settings'
  | 'relock_interval'
  | 'end_of_day_lockup'
  | 'staff_lock_interval'
  | 'propertyTourHours'
  | 'propertyStaffHours'
  | 'tourHoursStart'
  | 'tourHoursEnd'
  | 'lasso_project_id';

/**
 * The property object of the wizard's and the detail page's saves (the server's document types it
 * as a plain object; its fields are the detail's, so a renamed detail field breaks this type).
 */
export type PropertyObject = { [K in SentField]?: PropertyDetail[K] | string | null } & {
  builder_id?: number;
  integration_active?: boolean;
  agents: { agentUsername: string; is_project_manager: boolean }[];
  teams: { id: number }[];
};

// ---- The wizard -------------------------------------------------------------------------------

export const WIZARD_STEPS = [
  'Property Info',
  'Add Users & Teams',
  'Tour Hours',
  'Automations',
  'Integrations',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Enterprise and rental accounts get the Integrations step; without it Automations saves. */
export function wizardSteps(account: { isEnterprise: boolean; isRental: boolean }): readonly WizardStep[] {
  return account.isEnterprise || account.isRental ? WIZARD_STEPS : WIZARD_STEPS.slice(0, 4);
}

/** The wizard's draft tour-hour range (spec 1 §9). */
export const DRAFT_TOUR_HOURS = { start: 5, end: 23 } as const;

export interface WizardValues extends PropertyInfoValues, CodeValues {
  lasso_project_id: string;
  integration_active: boolean;
}

export const EMPTY_INFO: PropertyInfoValues = {
  builder_id: null,
  community_id: null,
  timezone: null,
  house_num: '',
  address_1: '',
  subdivision: '',
  marketing_name: '',
  city: '',
  state: '',
  zipcode: '',
  url_1: '',
  rental_application_url: '',
  price: '',
  bedrooms: '',
  fullBathrooms: '',
  halfBathrooms: '',
  squareFootage: '',
  mls_number: '',
  external_identifier: '',
  external_identifier_2: '',
  isModel: false,
  alarm: false,
  alarm_company: '',
  armed_hours: '',
  disarm_code: '',
  emergency_notes: '',
};

export function emptyWizard(builderId: number | null, timezone: number | null): WizardValues {
  return {
    ...EMPTY_INFO,
    builder_id: builderId,
    timezone,
    property_backup_code: '',
    trade_code: '',
    sales_code: '',
    lasso_project_id: '',
    integration_active: false,
  };
}

/** Each step's own rules: the info step's messages, codes, the integration project id. */
export function wizardSchema(options: { requireBuilder: boolean }) {
  return z.custom<WizardValues>().superRefine((values, ctx) => {
    const errors = {
      ...checkPropertyInfo(values, 'wizard', options),
      ...checkCodes(values),
    };
    const project = projectIdError(values.lasso_project_id);
    if (project) errors.lasso_project_id = project;
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
}

/** The step that shows a field (server errors send the user back to it). */
export function stepOfField(field: string): WizardStep {
  if (field === 'agents' || field === 'teams') return 'Add Users & Teams';
  if (field.startsWith('propertyTourHours') || field.startsWith('tourHours')) return 'Tour Hours';
  if ((CODE_FIELDS as readonly string[]).includes(field)) return 'Automations';
  if (field === 'lasso_project_id' || field === 'integration_active') return 'Integrations';
  return 'Property Info';
}

/** At least one assigned agent must be a project manager. */
export function pmProblem(agents: readonly { is_project_manager: boolean }[]): string | null {
  return agents.some((a) => a.is_project_manager) ? null : MSG_PM_REQUIRED;
}

/** What the fields a community fills come from (GET /api/communities/{id}). */
export interface CommunitySource {
  name: string;
  city: string;
  state: string;
  zip: string;
  lasso_community_project_id?: number | null;
  novihome_integration?: boolean;
  community_backup_code?: string;
  trade_code?: string;
  sales_code?: string;
}

export type CommunityFilled = Pick<
  WizardValues,
  'subdivision' | 'city' | 'state' | 'zipcode' | 'lasso_project_id' | 'integration_active' | CodeField
>;

/** Choosing a community fills the subdivision (its name), the address parts, integration and codes. */
export function communityFill(c: CommunitySource): CommunityFilled {
  return {
    subdivision: c.name,
    city: c.city,
    state: c.state,
    zipcode: c.zip,
    lasso_project_id: c.lasso_community_project_id == null ? '' : String(c.lasso_community_project_id),
    integration_active: !!c.novihome_integration,
    property_backup_code: c.community_backup_code ?? '',
    trade_code: c.trade_code ?? '',
    sales_code: c.sales_code ?? '',
  };
}

/** A new builder: the community and what it filled are cleared. */
export const COMMUNITY_CLEARED: CommunityFilled & { community_id: null } = {
  community_id: null,
  subdivision: '',
  city: '',
  state: '',
  zipcode: '',
  lasso_project_id: '',
  integration_active: false,
  property_backup_code: '',
  trade_code: '',
  sales_code: '',
};

/** Agents and teams as the property object carries them. */
export function staffToObject(
  agents: readonly { agentUsername: string; is_project_manager: boolean }[],
  teams: readonly { id: number }[],
) {
  return {
    agents: agents.map((a) => ({ agentUsername: a.agentUsername, is_project_manager: a.is_project_manager })),
    teams: teams.map((t) => ({ id: t.id })),
  };
}

// ---- Shared by both forms ---------------------------------------------------------------------

const text = (v: string) => v.trim();
const optionalText = (v: string) => (v.trim() === '' ? null : v.trim());
const count = (v: string) => parseNumber(v);

/** The info fields as the property object carries them; alarm fields only while the alarm is on. */
export function infoToObject(v: PropertyInfoValues, isRental: boolean) {
  const alarmText = (field: AlarmField) => (v.alarm ? optionalText(v[field]) : null);
  return {
    community_id: v.community_id,
    timezone: v.timezone,
    house_num: optionalText(v.house_num),
    address_1: text(v.address_1),
    subdivision: optionalText(v.subdivision),
    marketing_name: optionalText(v.marketing_name),
    city: text(v.city),
    state: text(v.state),
    zipcode: text(v.zipcode),
    url_1: optionalText(v.url_1),
    rental_application_url: isRental ? optionalText(v.rental_application_url) : null,
    price: count(v.price),
    bedrooms: count(v.bedrooms),
    fullBathrooms: count(v.fullBathrooms),
    halfBathrooms: count(v.halfBathrooms),
    squareFootage: count(v.squareFootage),
    mls_number: optionalText(v.mls_number),
    external_identifier: optionalText(v.external_identifier),
    external_identifier_2: optionalText(v.external_identifier_2),
    isModel: !!v.isModel,
    alarm: v.alarm,
    alarm_company: alarmText('alarm_company'),
    armed_hours: alarmText('armed_hours'),
    disarm_code: alarmText('disarm_code'),
    emergency_notes: alarmText('emergency_notes'),
  };
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The price as whole US dollars (`$450,000`); empty stays empty. */
export function formatDollars(value: string | number | null | undefined): string {
  const n = parseNumber(value ?? null);
  return n === null || Number.isNaN(n) ? '' : dollars.format(n);
}

// ---- The info card (detail page) --------------------------------------------------------------

export interface EditValues extends PropertyInfoValues {
  disposition_id: number | null;
  contract_date: string;
  latitude: string;
  longitude: string;
  /** The Access Notes checkbox; unchecking it clears the notes. */
  hasAccessNotes: boolean;
  access_notes: string;
}

export const SOLD = 'PROPERTY_SOLD';
export const RENTED = 'PROPERTY_RENTED';

/** The second list (spec 1 §4): what staff who are not property managers may give a home. */
export const SHORT_LIST: readonly string[] = ['PROPERTY_AVAILABLE', 'PROPERTY_STAFF_ACCESS'];

/** Whether a status may be chosen: from the second list only, when `shortList`. */
export function choosable(item: CatalogItem, shortList: boolean): boolean {
  return !shortList || SHORT_LIST.includes(item.value);
}

/**
 * Dispositions the select offers: Rented only to rental builders; with `shortList` the second
 * list, plus the home's own status (`current`) so it still shows, not choosable.
 */
export function dispositionOptions(
  catalog: readonly CatalogItem[],
  isRental: boolean,
  shortList = false,
  current: number | null = null,
): CatalogItem[] {
  return catalog.filter(
    (d) => (isRental || d.value !== RENTED) && (choosable(d, shortList) || d.catalog_id === current),
  );
}

export function isSoldDisposition(catalog: readonly CatalogItem[], id: number | null): boolean {
  return id !== null && catalog.some((d) => d.catalog_id === id && d.value === SOLD);
}

export function editSchema() {
  return z.custom<EditValues>().superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(checkPropertyInfo(values, 'edit'))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
}

/** The alarm switched: on restores the stored alarm fields, off clears them. */
export function alarmFields(
  on: boolean,
  stored: Partial<Record<AlarmField, string | null>>,
): Record<AlarmField, string> {
  return Object.fromEntries(ALARM_FIELDS.map((f) => [f, on ? (stored[f] ?? '') : ''])) as Record<AlarmField, string>;
}

/** The info card's part of the property object: contract date only for Sold, notes only when checked. */
export function editToObject(v: EditValues, catalog: readonly CatalogItem[], isRental: boolean) {
  return {
    ...infoToObject(v, isRental),
    disposition_id: v.disposition_id,
    contract_date: isSoldDisposition(catalog, v.disposition_id) ? optionalText(v.contract_date) : null,
    latitude: parseNumber(v.latitude),
    longitude: parseNumber(v.longitude),
    access_notes: v.hasAccessNotes ? optionalText(v.access_notes) : null,
  };
}

// ---- Automations: access settings --------------------------------------------------------------

export const RELOCK_INTERVALS = [15, 20, 25, 30] as const;
export const DEFAULT_RELOCK_INTERVAL = 15;
export const DEFAULT_LOCKUP = '10:00 PM';

/** End-of-day lockup times: 8:00 PM to 11:00 PM in 30-minute steps. */
export const LOCKUP_TIMES: readonly string[] = Array.from({ length: 7 }, (_, i) => {
  const minutes = 20 * 60 + i * 30;
  return `${Math.floor(minutes / 60) - 12}:${minutes % 60 === 0 ? '00' : '30'} PM`;
});

export interface AccessSettings {
  access_settings: boolean;
  relock_interval: number | null;
  end_of_day_lockup: string | null;
}

/** The switch: off nulls both values; on takes the property's values, else 15 min and 10:00 PM. */
export function accessSettingsToggled(
  on: boolean,
  stored: { relock_interval?: number | null; end_of_day_lockup?: string | null },
): AccessSettings {
  if (!on) return { access_settings: false, relock_interval: null, end_of_day_lockup: null };
  return {
    access_settings: true,
    relock_interval: stored.relock_interval ?? DEFAULT_RELOCK_INTERVAL,
    end_of_day_lockup: stored.end_of_day_lockup ?? DEFAULT_LOCKUP,
  };
}

/**
 * The colour of a status chip: an Accessible home shows its lock's health (Active green, Down
 * red); other homes and other lock states are plain.
 */
export function statusColour(
  disposition: string,
  lockStatus: string | null | undefined,
): 'success' | 'error' | 'default' {
  if (disposition !== 'Accessible') return 'default';
  if (lockStatus === 'Active') return 'success';
  if (lockStatus === 'Down') return 'error';
  return 'default';
}

/** The list's disposition filter (`lockDisposition`). */
export const DISPOSITION_FILTERS = [
  'Accessible',
  'Awaiting Activation',
  'Created',
  'Removed',
  'Sold',
  'Non-Accessible',
  'Under Contract',
] as const;

// ---- The wizard's save ------------------------------------------------------------------------

export interface WizardExtras {
  /** Send the builder (enterprise users choose it). */
  chooseBuilder: boolean;
  isRental: boolean;
  coordinates: { lat: number; lng: number };
  agents: readonly { agentUsername: string; is_project_manager: boolean }[];
  teams: readonly { id: number }[];
  /** Null: the default (or community) hours apply. */
  tourHours: TourDay[] | null;
}

/** The new property object of POST /api/properties/new_property. */
export function wizardToObject(v: WizardValues, x: WizardExtras): PropertyObject {
  return {
    ...(x.chooseBuilder && v.builder_id ? { builder_id: v.builder_id } : {}),
    ...infoToObject(v, x.isRental),
    latitude: x.coordinates.lat,
    longitude: x.coordinates.lng,
    property_backup_code: v.property_backup_code,
    trade_code: v.trade_code,
    sales_code: v.sales_code,
    lasso_project_id: projectIdValue(v.lasso_project_id),
    integration_active: v.integration_active,
    tourHoursStart: DRAFT_TOUR_HOURS.start,
    tourHoursEnd: DRAFT_TOUR_HOURS.end,
    propertyTourHours: x.tourHours,
    ...staffToObject(x.agents, x.teams),
  };
}

// ---- The detail page's saves ------------------------------------------------------------------

/**
 * A code to send back: the detail shows the community's code where the property has none, and
 * sending that back would store it as the property's own (it would stop following the
 * community). A code equal to the community's is therefore sent empty.
 */
export function ownCode(shown: string, community: string): string {
  return shown === community ? '' : shown;
}

/** The whole property object as stored, for the detail page's saves to change a part of. */
export function detailToObject(d: PropertyDetail): PropertyObject {
  const integration = d.integrations[0];
  return {
    community_id: d.community_id,
    disposition_id: d.disposition_id,
    timezone: d.timezone,
    house_num: d.house_num ?? null,
    address_1: d.address_1,
    subdivision: d.subdivision ?? null,
    marketing_name: d.marketing_name ?? null,
    city: d.city,
    state: d.state,
    zipcode: d.zipcode,
    latitude: d.latitude,
    longitude: d.longitude,
    url_1: d.url_1 ?? null,
    rental_application_url: d.rental_application_url ?? null,
    price: d.price ?? null,
    bedrooms: d.bedrooms,
    fullBathrooms: d.fullBathrooms,
    halfBathrooms: d.halfBathrooms,
    squareFootage: d.squareFootage,
    mls_number: d.mls_number ?? null,
    external_identifier: d.external_identifier ?? null,
    external_identifier_2: d.external_identifier_2 ?? null,
    isModel: d.isModel,
    alarm: d.alarm,
    alarm_company: d.alarm_company ?? null,
    armed_hours: d.armed_hours ?? null,
    disarm_code: d.disarm_code ?? null,
    emergency_notes: d.emergency_notes ?? null,
    property_backup_code: ownCode(d.property_backup_code, d.community_backup_code),
    trade_code: ownCode(d.trade_code, d.community_trade_code),
    sales_code: ownCode(d.sales_code, d.community_sales_code),
    resident_code: d.resident_code,
    access_notes: d.access_notes ?? null,
    contract_date: d.contract_date ?? null,
    access_settings: d.access_settings,
    relock_interval: d.relock_interval ?? null,
    end_of_day_lockup: d.end_of_day_lockup ?? null,
    staff_lock_interval: d.staff_lock_interval ?? null,
    propertyTourHours: d.propertyTourHours ?? null,
    propertyStaffHours: d.propertyStaffHours ?? null,
    tourHoursStart: d.tourHoursStart,
    tourHoursEnd: d.tourHoursEnd,
    lasso_project_id: d.lasso_project_id ?? null,
    integration_active: integration?.isActive ?? false,
    ...staffToObject(d.agents, d.teams),
  };
}

const shown = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The info card's values as loaded. */
export function detailToEdit(d: PropertyDetail): EditValues {
  return {
    builder_id: d.builder_id,
    community_id: d.community_id,
    timezone: d.timezone || null,
    house_num: shown(d.house_num),
    address_1: d.address_1,
    subdivision: shown(d.subdivision),
    marketing_name: shown(d.marketing_name),
    city: d.city,
    state: d.state,
    zipcode: d.zipcode,
    url_1: shown(d.url_1),
    rental_application_url: shown(d.rental_application_url),
    price: shown(d.price),
    bedrooms: shown(d.bedrooms),
    fullBathrooms: shown(d.fullBathrooms),
    halfBathrooms: shown(d.halfBathrooms),
    squareFootage: shown(d.squareFootage),
    mls_number: shown(d.mls_number),
    external_identifier: shown(d.external_identifier),
    external_identifier_2: shown(d.external_identifier_2),
    isModel: d.isModel,
    alarm: d.alarm,
    alarm_company: shown(d.alarm_company),
    armed_hours: shown(d.armed_hours),
    disarm_code: shown(d.disarm_code),
    emergency_notes: shown(d.emergency_notes),
    disposition_id: d.disposition_id,
    contract_date: shown(d.contract_date),
    latitude: shown(d.latitude),
    longitude: shown(d.longitude),
    hasAccessNotes: !!d.access_notes,
    access_notes: shown(d.access_notes),
  };
}

/** Whether a save newly marks the property sold (then the retire call follows). */
export function becomesSold(catalog: readonly CatalogItem[], before: number, after: number | null): boolean {
  return before !== after && isSoldDisposition(catalog, after);
}
