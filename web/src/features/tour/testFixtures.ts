import type { TourBranding } from '../../api/types';

/** A builder's branding as the tour pages receive it. */
export const branding = (patch: Partial<TourBranding> = {}): TourBranding => ({
  builder_name: 'Brightway Homes',
  marketing_name: null,
  webflow_name: 'brightway-homes',
  logo: null,
  primary_color: '#1565c0',
  secondary_color: '#37474f',
  button_settings: null,
  content_settings: null,
  custom_disclosure: null,
  selfie_verification_active: false,
  is_rental: false,
  ...patch,
});
