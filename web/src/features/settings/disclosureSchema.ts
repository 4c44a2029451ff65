// Custom disclosure rules (spec 3 section 5): when active, name and text are required.
import { z } from 'zod';
import type { DisclosureInput, SettingsView } from '../../api/types';

export const REQUIRED_FIELD = 'Required field!';
export const DISCLOSURE_TEXT_LIMIT = 65000;
export const DISCLOSURE_NAME_LIMIT = 250;

export const disclosureSchema = z
  .object({
    custom_disclosure_active: z.boolean(),
    custom_disclosure_name: z.string(),
    custom_disclosure_text: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.custom_disclosure_active) return;
    const name = v.custom_disclosure_name.trim();
    const text = v.custom_disclosure_text.trim();
    if (!name) ctx.addIssue({ code: 'custom', path: ['custom_disclosure_name'], message: REQUIRED_FIELD });
    else if (name.length > DISCLOSURE_NAME_LIMIT)
      ctx.addIssue({
        code: 'custom',
        path: ['custom_disclosure_name'],
        message: `At most ${DISCLOSURE_NAME_LIMIT} characters`,
      });
    if (!text) ctx.addIssue({ code: 'custom', path: ['custom_disclosure_text'], message: REQUIRED_FIELD });
    else if (v.custom_disclosure_text.length > DISCLOSURE_TEXT_LIMIT)
      ctx.addIssue({
        code: 'custom',
        path: ['custom_disclosure_text'],
        message: `At most ${DISCLOSURE_TEXT_LIMIT} characters`,
      });
  });
export type DisclosureValues = z.infer<typeof disclosureSchema>;

export function settingsToDisclosure(s: SettingsView): DisclosureValues {
  return {
    custom_disclosure_active: s.custom_disclosure_active,
    custom_disclosure_name: s.custom_disclosure_name ?? '',
    custom_disclosure_text: s.custom_disclosure_text ?? '',
  };
}

/** Off sends no name or text (the server clears them too). */
export function disclosureToInput(v: DisclosureValues, choice: number | undefined): DisclosureInput {
  const on = v.custom_disclosure_active;
  return {
    builder_id: choice,
    custom_disclosure_active: on,
    custom_disclosure_name: on ? v.custom_disclosure_name.trim() : null,
    custom_disclosure_text: on ? v.custom_disclosure_text.trim() : null,
  };
}
