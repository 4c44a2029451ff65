// Follow-up texts to visitors (spec 3: Messaging): limits, intervals, the variables a template
// may use (`{{name}}`), the preview renderer and the @ suggestion.
import type { MessagingInput, SettingsView } from '../../api/types';
import type { HomeWords } from './wording';

/** A message must stay under this many characters: exactly 240 disables Submit. */
export const MESSAGE_LIMIT = 240;
export const INTERVALS = ['1 min', '2 min', '5 min', '10 min', '20 min', '30 min', '60 min'] as const;

/** `60 seconds` for one minute, else the value with `utes` added (`30 minutes`). */
export function intervalLabel(interval: string): string {
  return interval === '1 min' ? '60 seconds' : `${interval}utes`;
}

/** Characters as the server counts them (code points, so an emoji is one). */
export const characterCount = (text: string) => [...text].length;

export type MessageKind = 'during' | 'after' | 'scheduled';

export interface MessageState {
  on: boolean;
  text: string;
  /** Null when the box has no interval or is switched off. */
  interval: string | null;
}
export type MessagingValues = Record<MessageKind, MessageState>;

export interface MessageBoxSpec {
  kind: MessageKind;
  title: string;
  /** When the text is sent. */
  when: string;
  field: 'during_tour_message' | 'after_tour_message' | 'scheduled_tour_message';
  intervalField?: 'during_tour_message_interval' | 'after_tour_message_interval';
  /** The interval a switched-on box starts with. */
  defaultInterval?: string;
}

export const MESSAGE_BOXES: readonly MessageBoxSpec[] = [
  {
    kind: 'during',
    title: 'During Tour',
    when: 'Sent after someone enters a code into the lock.',
    field: 'during_tour_message',
    intervalField: 'during_tour_message_interval',
    defaultInterval: '1 min',
  },
  {
    kind: 'after',
    title: 'After Tour',
    when: 'Sent after they tour.',
    field: 'after_tour_message',
    intervalField: 'after_tour_message_interval',
    defaultInterval: '30 min',
  },
  {
    kind: 'scheduled',
    title: 'Scheduled Tour',
    when: 'Sent 30 seconds after they schedule a tour.',
    field: 'scheduled_tour_message',
  },
];

/** Submit is enabled only while every switched-on message is under 240 characters. */
export function canSubmitMessages(values: MessagingValues): boolean {
  return MESSAGE_BOXES.every(({ kind }) => !values[kind].on || characterCount(values[kind].text) < MESSAGE_LIMIT);
}

/** A box switched on or off: on starts with the default interval, off clears it. */
export function toggled(box: MessageBoxSpec, state: MessageState, on: boolean): MessageState {
  return { ...state, on, interval: on && box.defaultInterval ? (state.interval ?? box.defaultInterval) : null };
}

/** Messages load from the builder's settings; a stored text means the box is on. */
export function settingsToMessaging(s: SettingsView): MessagingValues {
  const state = (box: MessageBoxSpec): MessageState => {
    const text = s[box.field] ?? null;
    const on = text !== null;
    return toggled(
      box,
      { on, text: text ?? '', interval: box.intervalField ? (s[box.intervalField] ?? null) : null },
      on,
    );
  };
  return { during: state(MESSAGE_BOXES[0]), after: state(MESSAGE_BOXES[1]), scheduled: state(MESSAGE_BOXES[2]) };
}

/** Switched-off messages and their intervals are sent as null. */
export function messagingToInput(values: MessagingValues, choice: number | undefined): MessagingInput {
  const text = (kind: MessageKind) => (values[kind].on ? values[kind].text : null);
  const interval = (kind: MessageKind) => (values[kind].on ? values[kind].interval : null);
  return {
    builder_id: choice,
    during_tour_message: text('during'),
    during_tour_message_interval: interval('during'),
    after_tour_message: text('after'),
    after_tour_message_interval: interval('after'),
    scheduled_tour_message: text('scheduled'),
  };
}

/** Server field keys (422 `errors`) → form paths. */
export const MESSAGING_ERROR_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(
  MESSAGE_BOXES.flatMap((b) => [
    [b.field, `${b.kind}.text`],
    ...(b.intervalField ? [[b.intervalField, `${b.kind}.interval`]] : []),
  ]),
);

export interface Variable {
  name: string;
  describe(words: HomeWords): string;
}

/** The variables a template may use, written `{{name}}`. */
export const VARIABLES: readonly Variable[] = [
  { name: 'visitor_first_name', describe: () => "The visitor's first name" },
  { name: 'scheduled_tour_date', describe: () => 'The date of the scheduled tour' },
  { name: 'scheduled_tour_time', describe: () => 'The time of the scheduled tour' },
  { name: 'community_name', describe: () => 'Community name' },
  { name: 'community_sales_phone_number', describe: () => 'Community sales phone number' },
  { name: 'community_url', describe: () => 'Community web page' },
  { name: 'property_address', describe: (w) => `${w.Home} address` },
  { name: 'property_subdivision', describe: (w) => `${w.Home} subdivision` },
  { name: 'property_marketing_name', describe: (w) => `${w.Home} marketing name` },
  { name: 'property_city', describe: (w) => `${w.Home} city` },
  { name: 'property_state', describe: (w) => `${w.Home} state` },
  { name: 'property_lot_number', describe: (w) => `${w.Home} lot number` },
  { name: 'company_name', describe: () => 'Company name' },
  { name: 'company_marketing_name', describe: () => 'Company marketing name' },
  { name: 'company_legal_name', describe: () => 'Company legal name' },
];

/** The tour's date and time are filled in when a text is sent: they have no sample value. */
export const TOUR_TIME_VARIABLES = ['scheduled_tour_date', 'scheduled_tour_time'];
export const TABLE_VARIABLES = VARIABLES.filter((v) => !TOUR_TIME_VARIABLES.includes(v.name));
const KNOWN = new Set(VARIABLES.map((v) => v.name));

/**
 * A template with the values at hand: known variables with a value are replaced, the others stay
 * as written; unknown variable names are reported.
 */
export function renderTemplate(template: string, values: Record<string, string>): { text: string; unknown: string[] } {
  const unknown: string[] = [];
  const text = template.replace(/\{\{([^{}]*)\}\}/g, (whole, raw: string) => {
    const name = raw.trim();
    if (!KNOWN.has(name)) {
      if (!unknown.includes(name)) unknown.push(name);
      return whole;
    }
    return values[name] ?? whole;
  });
  return { text, unknown };
}

/** Whether an edit typed a single `@` just before the caret. */
export function typedAt(previous: string, next: string, caret: number): boolean {
  return (
    next.length === previous.length + 1 &&
    next[caret - 1] === '@' &&
    next.slice(0, caret - 1) + next.slice(caret) === previous
  );
}

/**
 * What was typed after the `@` at `at`, up to the caret; null when the suggestion is over (the @
 * is gone, the caret moved before it, or a space was typed).
 */
export function mentionQuery(text: string, at: number, caret: number): string | null {
  if (text[at] !== '@' || caret <= at) return null;
  const query = text.slice(at + 1, caret);
  return /\s/.test(query) ? null : query;
}

export function matchingVariables(query: string): Variable[] {
  const q = query.toLowerCase();
  return VARIABLES.filter((v) => v.name.includes(q));
}

/** Replaces the `@` (and what was typed after it, up to the caret) with `{{name}}`. */
export function insertVariable(text: string, at: number, caret: number, name: string): { text: string; caret: number } {
  const token = `{{${name}}}`;
  return { text: text.slice(0, at) + token + text.slice(caret), caret: at + token.length };
}
