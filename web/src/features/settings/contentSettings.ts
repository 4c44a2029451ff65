// The tour-page texts of the content settings entity (spec 3 section 3), stored as JSON text.
import { z } from 'zod';
import type { HomeWords } from './wording';

export const CONTENT_KEYS = [
  'self_tour_scheduling_title',
  'self_tour_scheduling_subtitle',
  'self_tour_scheduling_description',
  'how_it_works_title',
  'step_1_title',
  'step_2_title',
  'step_3_title',
  'step_4_title',
  'step_1_description',
  'step_2_description',
  'step_3_description',
  'step_4_description',
  'start_touring_button',
  'self_tours_own_time_title',
  'tour_now_title',
  'tour_now_description',
  'tour_now_button',
  'schedule_tour_title',
  'schedule_tour_description',
  'schedule_tour_button',
] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];
export type ContentValues = Record<ContentKey, string>;

/** The server keeps at most this many characters per text. */
export const CONTENT_TEXT_LIMIT = 5000;

export const contentSchema = z.object(
  Object.fromEntries(
    CONTENT_KEYS.map((k) => [k, z.string().max(CONTENT_TEXT_LIMIT, `At most ${CONTENT_TEXT_LIMIT} characters`)]),
  ) as Record<ContentKey, z.ZodString>,
);

export interface ContentField {
  key: ContentKey;
  label: string;
  multiline?: boolean;
}

export interface ContentSection {
  title: string;
  /** What the section's texts are for. */
  about(words: HomeWords): string;
  fields: ContentField[];
}

const step = (n: number): ContentField[] => [
  { key: `step_${n}_title` as ContentKey, label: `Step ${n} title` },
  { key: `step_${n}_description` as ContentKey, label: `Step ${n} description`, multiline: true },
];

/** Every key, once, in the order the tour page shows them. */
export const CONTENT_SECTIONS: ContentSection[] = [
  {
    title: 'Self Tour Scheduling',
    about: (w) => `The top of the page where visitors start a self tour of a ${w.home}.`,
    fields: [
      { key: 'self_tour_scheduling_title', label: 'Title' },
      { key: 'self_tour_scheduling_subtitle', label: 'Subtitle' },
      { key: 'self_tour_scheduling_description', label: 'Description', multiline: true },
    ],
  },
  {
    title: 'How It Works',
    about: () => 'The four steps of a self tour.',
    fields: [{ key: 'how_it_works_title', label: 'Title' }, ...step(1), ...step(2), ...step(3), ...step(4)],
  },
  {
    title: 'Start Touring',
    about: () => 'The button that starts a tour and the heading beside it.',
    fields: [
      { key: 'start_touring_button', label: 'Start touring button' },
      { key: 'self_tours_own_time_title', label: 'Self tours on your own time title' },
    ],
  },
  {
    title: 'Tour Now',
    about: (w) => `Shown when the visitor can tour the ${w.home} right away.`,
    fields: [
      { key: 'tour_now_title', label: 'Title' },
      { key: 'tour_now_description', label: 'Description', multiline: true },
      { key: 'tour_now_button', label: 'Button' },
    ],
  },
  {
    title: 'Schedule a Tour',
    about: (w) => `Shown when the visitor books a tour of the ${w.home} for later.`,
    fields: [
      { key: 'schedule_tour_title', label: 'Title' },
      { key: 'schedule_tour_description', label: 'Description', multiline: true },
      { key: 'schedule_tour_button', label: 'Button' },
    ],
  },
];

/** Every key of a stored object, empty where it holds no text. */
function contentOf(stored: unknown): ContentValues {
  const texts =
    stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    CONTENT_KEYS.map((k) => [k, typeof texts[k] === 'string' ? texts[k] : '']),
  ) as ContentValues;
}

/** The stored JSON text as form values: every key, empty where no text is stored. */
export function parseContent(text: string | null | undefined): ContentValues {
  try {
    return contentOf(text ? JSON.parse(text) : null);
  } catch {
    return contentOf(null);
  }
}

/** What the tour page says where the builder leaves a text empty. */
export function defaultContent(words: HomeWords): ContentValues {
  return {
    self_tour_scheduling_title: `Tour this ${words.home} on your own`,
    self_tour_scheduling_subtitle: 'No appointment and no agent: just you, on your schedule.',
    self_tour_scheduling_description:
      `Verify who you are once, then tour the ${words.home} now or book a time that suits you. ` +
      'Your door code works only for you, and only during your tour.',
    how_it_works_title: 'How it works',
    step_1_title: 'Verify',
    step_1_description: 'Give your name, phone and email, and type the code we text you.',
    step_2_title: 'Pick a time',
    step_2_description: 'Tour now during tour hours, or book a time for later.',
    step_3_title: 'Get your code',
    step_3_description: 'Your door code shows on this page, and we text it to you too.',
    step_4_title: 'Tour and lock up',
    step_4_description: 'Type the code on the lock, look around, and lock the door when you leave.',
    start_touring_button: 'Start touring',
    self_tours_own_time_title: 'Self tours on your own time',
    tour_now_title: 'Tour now',
    tour_now_description: `Get your door code and go in right away, while the ${words.home} is open to tours.`,
    tour_now_button: 'Tour Now',
    schedule_tour_title: 'Or book a time',
    schedule_tour_description: 'Pick a day and a time within tour hours. Your code will work for that tour.',
    schedule_tour_button: 'Book this time',
  };
}

/** The tour page's texts: the builder's own where it stored one, else the default wording. */
export function tourTexts(stored: unknown, words: HomeWords): ContentValues {
  const own = contentOf(stored);
  const fallback = defaultContent(words);
  return Object.fromEntries(CONTENT_KEYS.map((k) => [k, own[k].trim() === '' ? fallback[k] : own[k]])) as ContentValues;
}

/** The JSON text to send: every key, null where the text is empty (the tour page's default). */
export function contentToJson(values: ContentValues): string {
  return JSON.stringify(Object.fromEntries(CONTENT_KEYS.map((k) => [k, values[k].trim() === '' ? null : values[k]])));
}
