// The code rules of the hub and smart lock editors (spec 2 §5, §9), checked before the server is
// asked. Errors are keyed as the server keys its 422 answers, so both land in the same places.
import { fromZoned, type Zone } from '../../../../lib/zoned';

export type FieldErrors = Record<string, string>;

export const MSG_IDENTICAL_CODES = 'Identical codes are not allowed!';
export const MSG_CODES_NOT_VALID = 'Some codes are not valid';
export const MSG_CODES_SAME = 'Codes cannot be same';
export const MSG_TOO_MANY_CODES = 'A lock holds at most 8 codes';
export const MSG_INVALID_CODE_LENGTH = 'invalid code length';

/** Codes a lock holds (hub user codes; smart lock permanent codes). */
export const MAX_CODES = 8;
export const HUB_CODE_MAX = 10;
export const CODE_NAME_MAX = 16;
export const SMART_CODE_MAX = 8;
/** The hub lock's master code slot; 6 to 10 are kept for the automation codes. */
export const MASTER_SLOT = 6;
const RESERVED_SLOTS = [6, 7, 8, 9, 10];
const FIRST_SLOT = 2;

const isDigits = (text: string) => /^\d+$/.test(text);

/** Whether two or more of the non-empty codes are the same. */
function hasDuplicate(codes: string[]): boolean {
  const filled = codes.filter((c) => c !== '');
  return new Set(filled).size !== filled.length;
}

/** The slot a new hub code takes: the smallest from 2 that is neither used nor reserved (6-10). */
export function nextSlot(used: Iterable<number>): number {
  const taken = new Set(used);
  let slot = FIRST_SLOT;
  while (taken.has(slot) || RESERVED_SLOTS.includes(slot)) slot += 1;
  return slot;
}

export interface HubCodeDraft {
  slot: number;
  code: string;
  name: string;
}

/** A hub lock code: digits, not all zeros, at most 10. */
const hubCodeValid = (code: string) => isDigits(code) && !/^0+$/.test(code) && code.length <= HUB_CODE_MAX;

/** The Lock Codes editor's new codes, against every code the lock already has. */
export function checkHubCodes(drafts: HubCodeDraft[], onLock: string[]): FieldErrors {
  const errors: FieldErrors = {};
  let invalid = false;
  for (const d of drafts) {
    if (!hubCodeValid(d.code.trim())) {
      errors[`codes.${d.slot}.code`] = MSG_CODES_NOT_VALID;
      invalid = true;
    }
    const name = d.name.trim();
    if (name === '' || name.length > CODE_NAME_MAX) {
      errors[`codes.${d.slot}.name`] = MSG_CODES_NOT_VALID;
      invalid = true;
    }
  }
  if (hasDuplicate([...onLock, ...drafts.map((d) => d.code.trim())])) errors.codes = MSG_IDENTICAL_CODES;
  else if (invalid) errors.codes = MSG_CODES_NOT_VALID;
  return errors;
}

/** The master code against the lock's other codes; null when it may be saved. */
export function checkMasterCode(code: string, otherCodes: string[]): string | null {
  if (!hubCodeValid(code.trim())) return MSG_CODES_NOT_VALID;
  if (otherCodes.includes(code.trim())) return MSG_CODES_SAME;
  return null;
}

/** A length the smart lock takes: at most 8, and among its supported lengths when it has any. */
const lengthSupported = (length: number, supported: number[]) =>
  length <= SMART_CODE_MAX && (supported.length === 0 || supported.includes(length));

/** A smart lock's permanent code against the others on the lock (keys `code` and `name`). */
export function checkSmartLockCode(
  code: string,
  name: string,
  supported: number[],
  others: { code: string; name: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  const c = code.trim();
  const holder = others.find((o) => o.code === c);
  // The server's words for what the spec leaves unworded.
  if (c === '') errors.code = 'code is required';
  else if (!lengthSupported(c.length, supported)) errors.code = MSG_INVALID_CODE_LENGTH;
  else if (holder) errors.code = `code ${c} already exists as ${holder.name}`;
  if (name.trim() === '') errors.name = 'name is required';
  return errors;
}

/** How one kind of lock checks a new scheduled code. */
export interface ScheduledRules {
  /** Longest code the field takes. */
  codeMax: number;
  nameMax: number;
  leadMinutes: number;
  durationMinutes: number;
  codeError(code: string): string | null;
}

export const HUB_SCHEDULED_RULES: ScheduledRules = {
  codeMax: 4,
  nameMax: CODE_NAME_MAX,
  leadMinutes: 5,
  durationMinutes: 5,
  codeError: (code) => (code.length === 4 && isDigits(code) ? null : 'Code must be exactly 4 digits.'),
};

export function smartScheduledRules(supported: number[]): ScheduledRules {
  return {
    codeMax: SMART_CODE_MAX,
    nameMax: 50,
    leadMinutes: 10,
    durationMinutes: 30,
    codeError: (code) => {
      if (code === '') return 'Code is required.';
      return lengthSupported(code.length, supported) ? null : MSG_INVALID_CODE_LENGTH;
    },
  };
}

/** A new scheduled code as typed: times are `yyyy-MM-ddTHH:mm` in the home's zone. */
export interface ScheduledDraft {
  code: string;
  name: string;
  scheduled_on: string;
  expires_on: string;
}

const MINUTE = 60_000;

/** New scheduled codes at `now`, against the codes on the lock; keys `scheduledCodes.{i}.{field}`. */
export function checkScheduledCodes(
  drafts: ScheduledDraft[],
  onLock: string[],
  rules: ScheduledRules,
  zone: Zone,
  now: Date,
): FieldErrors {
  const errors: FieldErrors = {};
  drafts.forEach((d, i) => {
    const put = (field: string, message: string) => (errors[`scheduledCodes.${i}.${field}`] = message);
    const codeError = rules.codeError(d.code.trim());
    if (codeError) put('code', codeError);
    if (d.name.trim() === '') put('name', 'Name is required.');
    const start = fromZoned(d.scheduled_on, zone);
    const end = fromZoned(d.expires_on, zone);
    if (!start) put('scheduled_on', 'Scheduled time is invalid.');
    else if (start.getTime() < now.getTime() + rules.leadMinutes * MINUTE)
      put('scheduled_on', `Scheduled time must be at least ${rules.leadMinutes} minutes from now.`);
    if (!end) put('expires_on', 'Expiration time is invalid.');
    else if (start && end.getTime() < start.getTime() + rules.durationMinutes * MINUTE)
      put('expires_on', `Expires time must be at least ${rules.durationMinutes} minutes after scheduled time.`);
  });
  if (hasDuplicate([...onLock, ...drafts.map((d) => d.code.trim())])) errors.scheduledCodes = MSG_IDENTICAL_CODES;
  return errors;
}
