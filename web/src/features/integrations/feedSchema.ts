// Builder feed settings (spec 3: Builder feed settings): the sources, the feed fields (the required
// ones always checked and disabled) and the form's rules.
import { z } from 'zod';
import type { FeedSettingsInput, FeedSettingsView } from '../../api/types';

export const REQUIRED_FIELD = 'Required field';
export const FEED_SOURCES = ['BDX', 'Zillow', 'ONeil Homefiniti', 'Custom Website'] as const;
/** The sources a sync can read today; the others are kept but not synced. */
export const SUPPORTED_SOURCES: readonly string[] = ['BDX', 'Custom Website'];
export const REQUIRED_FEED_FIELDS = [
  'Subdivision',
  'Street Address',
  'City',
  'State',
  'Zip Code',
  'External Identifier',
] as const;
export const OPTIONAL_FEED_FIELDS = [
  'Street 2',
  'MLS Number',
  'Marketing Name',
  'Price',
  'Bedrooms',
  'Bathrooms',
] as const;

const TEXT_MAX = 200;
const atMost = z.string().max(TEXT_MAX, `At most ${TEXT_MAX} characters`);

export const feedSchema = z.object({
  feed_source: z.string().min(1, REQUIRED_FIELD),
  feed_url: z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'Enter an address starting with http:// or https://'),
  feed_username: atMost,
  feed_password: atMost,
  company_code: atMost,
  add_communities_active: z.boolean(),
  /** The optional fields chosen; the required ones are always written. */
  feed_fields: z.array(z.string()),
});

export type FeedFormValues = z.input<typeof feedSchema>;

export function feedFormValues(saved: FeedSettingsView): FeedFormValues {
  return {
    feed_source: saved.feed_source,
    feed_url: saved.feed_url ?? '',
    feed_username: saved.feed_username ?? '',
    // A saved password is never shown: the field replaces it when filled.
    feed_password: '',
    company_code: saved.company_code ?? '',
    add_communities_active: saved.add_communities_active,
    feed_fields: saved.feed_fields.filter((f) => (OPTIONAL_FEED_FIELDS as readonly string[]).includes(f)),
  };
}

/** The settings a form's values send, for the builder. */
export function feedSettingsInput(values: FeedFormValues, builderId: number): FeedSettingsInput {
  return {
    builder_id: builderId,
    feed_source: values.feed_source,
    feed_url: values.feed_url.trim() || null,
    feed_username: values.feed_username.trim() || null,
    feed_password: values.feed_password || null,
    company_code: values.company_code.trim() || null,
    add_communities_active: values.add_communities_active,
    feed_fields: [...REQUIRED_FEED_FIELDS, ...values.feed_fields],
  };
}
