import type { TourBranding, TourHome, TourVisitState } from '../../api/types';

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

/** A home's public page as the tour pages receive it. */
export const tourHome = (patch: Partial<TourHome> = {}): TourHome => ({
  branding: branding(),
  property_id: 15,
  house_num: '18',
  address_1: '204 Pecan Trail',
  city: 'Georgetown',
  state: 'TX',
  zipcode: '78626',
  price: 425000,
  bedrooms: 3,
  full_bathrooms: 2,
  half_bathrooms: 1,
  square_footage: 1850,
  photos: ['/api/files/a.webp', '/api/files/b.webp'],
  community: {
    id: 4,
    name: 'Oak Ridge',
    page: 'http://127.0.0.1:8080/tour/brightway-homes/community/4',
    website: null,
  },
  tour_hours: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => ({
    day,
    hours: day === 'Sunday' ? 'Closed' : '9:00 AM - 6:00 PM',
  })),
  timezone_abbr: 'CT',
  open_to_tours: true,
  ...patch,
});

/** A visitor's visit (Tour Now's), its code set. */
export const tourVisit = (patch: Partial<TourVisitState> = {}): TourVisitState => ({
  visit_id: 7,
  property_id: 15,
  state: 'ready',
  code: '4821',
  starts_at: '2026-11-25T15:01:00Z',
  ends_at: '2026-11-25T16:00:00Z',
  message: "Type this code on the lock's keypad.",
  accessed: false,
  tour_ended: false,
  feedback_sent: false,
  offer_sent: false,
  ...patch,
});
