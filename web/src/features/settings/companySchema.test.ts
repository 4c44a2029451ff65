import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../test/fixtures';
import {
  BUTTON_DEFAULTS,
  LOGO_MAX_BYTES,
  MSG_HEX,
  MSG_LOGO_SIZE,
  MSG_UNSUPPORTED_FILE,
  companySchema,
  companyToParts,
  logoProblem,
  parseButtonSettings,
  settingsToCompany,
  sixDigitHex,
} from './companySchema';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('company settings rules', () => {
  it('requires both colours as 3 or 6 hex digits with #', () => {
    const base = settingsToCompany(SETTINGS);
    expect(companySchema.safeParse({ ...base, primary_color: '#abc' }).success).toBe(true);
    for (const bad of ['', 'DB5C0E', '#DB5C0', '#GGGGGG']) {
      const result = companySchema.safeParse({ ...base, secondary_color: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['secondary_color'], message: MSG_HEX });
    }
  });

  it('reads the stored button, taking the defaults for what is missing or out of range', () => {
    expect(parseButtonSettings(null)).toEqual(BUTTON_DEFAULTS);
    expect(parseButtonSettings('not json')).toEqual(BUTTON_DEFAULTS);
    expect(parseButtonSettings('{"text":"Book now","fontSize":99,"borderRadius":12}')).toEqual({
      ...BUTTON_DEFAULTS,
      text: 'Book now',
      borderRadius: 12,
    });
  });

  it('sends the company part with the button as JSON text', () => {
    const parts = companyToParts(settingsToCompany(SETTINGS), 9);
    expect(parts).toMatchObject({ builder_id: 9, builderName: 'Brightway Homes', country: 'USA' });
    expect(JSON.parse(parts.button_settings ?? '')).toEqual(BUTTON_DEFAULTS);
  });

  it('accepts PNG or JPEG by their bytes, whatever the name, up to 50 MB', async () => {
    expect(await logoProblem(new File([PNG_BYTES], 'logo.txt', { type: 'text/plain' }))).toBeNull();
    expect(await logoProblem(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]))).toBeNull();
    expect(await logoProblem(new File(['GIF89a'], 'logo.png', { type: 'image/png' }))).toBe(MSG_UNSUPPORTED_FILE);
    const huge = { size: LOGO_MAX_BYTES + 1, slice: () => new Blob([PNG_BYTES]) } as unknown as Blob;
    expect(await logoProblem(huge)).toBe(MSG_LOGO_SIZE);
  });

  it('gives the colour picker six digits', () => {
    expect(sixDigitHex('#FfF')).toBe('#ffffff');
    expect(sixDigitHex('#DB5C0E')).toBe('#db5c0e');
    expect(sixDigitHex('orange')).toBe('#000000');
  });
});
