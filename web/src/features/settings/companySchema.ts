// Company settings rules (spec 3 sections 5 and 9): colours, the website marketing button, the
// logo, and how the form maps to the multipart save.
import { z } from 'zod';
import type { SettingsView } from '../../api/types';
import type { SettingsParts } from './api/settings';

export const MSG_HEX = 'Invalid HEX Format';
// The logo follows the shared image rules.
export {
  MSG_UNSUPPORTED_FILE,
  MSG_IMAGE_SIZE as MSG_LOGO_SIZE,
  IMAGE_MAX_BYTES as LOGO_MAX_BYTES,
  imageProblem as logoProblem,
} from '../../lib/imageFile';
export const COUNTRIES = ['USA', 'Canada'] as const;
export const DEFAULT_DISPOSITION = 'PROPERTY_AVAILABLE';
export const RENTED_DISPOSITION = 'PROPERTY_RENTED';
export const PREVIEW_DEBOUNCE_MS = 300;
export const BORDER_RADIUS = { min: 0, max: 36 } as const;
export const FONT_SIZE = { min: 8, max: 40 } as const;

/** `#` and 3 or 6 hex digits. */
export const HEX_COLOUR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const hex = z.string().trim().regex(HEX_COLOUR, MSG_HEX);

export const buttonSchema = z.object({
  text: z.string().trim().min(1, 'The button needs a text').max(60, 'At most 60 characters'),
  textColor: hex,
  backgroundColor: hex,
  borderRadius: z.number().int().min(BORDER_RADIUS.min).max(BORDER_RADIUS.max),
  fontSize: z.number().int().min(FONT_SIZE.min).max(FONT_SIZE.max),
});
export type ButtonValues = z.infer<typeof buttonSchema>;

export const BUTTON_DEFAULTS: ButtonValues = {
  text: 'Schedule a Tour',
  textColor: '#ffffff',
  backgroundColor: '#DB5C0E',
  borderRadius: 5,
  fontSize: 14,
};

export const companySchema = z.object({
  builderName: z.string().trim().min(1, 'Builder name is required').max(250, 'At most 250 characters'),
  country: z.enum(COUNTRIES),
  legal_name: z.string().trim().max(250, 'At most 250 characters'),
  marketing_name: z.string().trim().max(250, 'At most 250 characters'),
  primary_color: hex,
  secondary_color: hex,
  button: buttonSchema,
  selfie_verification_active: z.boolean(),
  default_install_property_status: z.string().min(1, 'Choose a property status'),
});
export type CompanyValues = z.infer<typeof companySchema>;

/** The stored `button_settings` JSON text; missing or malformed fields take the defaults. */
export function parseButtonSettings(text: string | null | undefined): ButtonValues {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const stored = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const pick = <K extends keyof ButtonValues>(key: K): ButtonValues[K] => {
    const field = buttonSchema.shape[key].safeParse(stored[key]);
    return field.success ? (field.data as ButtonValues[K]) : BUTTON_DEFAULTS[key];
  };
  return {
    text: pick('text'),
    textColor: pick('textColor'),
    backgroundColor: pick('backgroundColor'),
    borderRadius: pick('borderRadius'),
    fontSize: pick('fontSize'),
  };
}

export function settingsToCompany(s: SettingsView): CompanyValues {
  return {
    builderName: s.builderName,
    country: s.country === 'Canada' ? 'Canada' : 'USA',
    legal_name: s.legal_name ?? '',
    marketing_name: s.marketing_name ?? '',
    primary_color: s.primary_color,
    secondary_color: s.secondary_color,
    button: parseButtonSettings(s.button_settings),
    selfie_verification_active: s.selfie_verification_active,
    default_install_property_status: s.default_install_property_status || DEFAULT_DISPOSITION,
  };
}

/** The company part of the multipart save. */
export function companyToParts(v: CompanyValues, choice: number | undefined): SettingsParts {
  return {
    builder_id: choice,
    builderName: v.builderName.trim(),
    country: v.country,
    legal_name: v.legal_name.trim(),
    marketing_name: v.marketing_name.trim(),
    primary_color: v.primary_color.trim(),
    secondary_color: v.secondary_color.trim(),
    button_settings: JSON.stringify(v.button),
    selfie_verification_active: v.selfie_verification_active,
    default_install_property_status: v.default_install_property_status,
  };
}

/** Server field keys (422 `errors`) → form paths. */
export const COMPANY_ERROR_FIELDS: Readonly<Record<string, string>> = {
  builderName: 'builderName',
  country: 'country',
  legal_name: 'legal_name',
  marketing_name: 'marketing_name',
  primary_color: 'primary_color',
  secondary_color: 'secondary_color',
  button_settings: 'button.text',
  'button_settings.text': 'button.text',
  'button_settings.textColor': 'button.textColor',
  'button_settings.backgroundColor': 'button.backgroundColor',
  'button_settings.borderRadius': 'button.borderRadius',
  'button_settings.fontSize': 'button.fontSize',
  selfie_verification_active: 'selfie_verification_active',
  default_install_property_status: 'default_install_property_status',
};

/** A 3 or 6 digit colour as the 6 digits a native colour picker takes (black when invalid). */
export function sixDigitHex(colour: string): string {
  const c = colour.trim();
  if (!HEX_COLOUR.test(c)) return '#000000';
  if (c.length === 7) return c.toLowerCase();
  return `#${[...c.slice(1)].map((d) => d + d).join('')}`.toLowerCase();
}
