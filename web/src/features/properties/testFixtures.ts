// Records the properties tests share (not imported by the app).
import type { BuilderDetail, CatalogItem, PropertyDetail } from '../../api/types';

export { PAULA, SAM, STATES } from '../communities/testFixtures';

export const CATALOG: CatalogItem[] = [
  { catalog_id: 11, catalog_type_id: 1, name: 'Accessible', value: 'PROPERTY_AVAILABLE', description: '' },
  { catalog_id: 13, catalog_type_id: 1, name: 'Sold', value: 'PROPERTY_SOLD', description: '' },
  { catalog_id: 14, catalog_type_id: 1, name: 'Rented', value: 'PROPERTY_RENTED', description: '' },
  { catalog_id: 15, catalog_type_id: 1, name: 'Created', value: 'PROPERTY_CREATED', description: '' },
  { catalog_id: 18, catalog_type_id: 1, name: 'Staff Access', value: 'PROPERTY_STAFF_ACCESS', description: '' },
  { catalog_id: 52, catalog_type_id: 6, name: 'New York', value: 'America/New_York', description: 'ET' },
  { catalog_id: 53, catalog_type_id: 6, name: 'Chicago', value: 'America/Chicago', description: 'CT' },
];

export function builderDetail(overrides: Partial<BuilderDetail> = {}): BuilderDetail {
  return {
    builder_id: 5,
    disable_add_property_and_community: false,
    webflow_name: 'brightway-homes',
    enable_photo_gallery_edits: true,
    is_rental: false,
    timezone: 53,
    ...overrides,
  };
}

/** Builder 5's home at 100 Juniper Lane: Accessible, with its own alarm company and notes. */
export const JUNIPER: PropertyDetail = {
  property_id: 70,
  builder: 'Brightway Homes',
  builder_id: 5,
  is_rental: false,
  community_id: 12,
  community: 'Oak Ridge',
  disposition_id: 11,
  disposition: 'Accessible',
  disposition_constant: 'PROPERTY_AVAILABLE',
  house_num: '10',
  address_1: '100 Juniper Lane',
  subdivision: 'Oak Ridge',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  latitude: 30.2,
  longitude: -97.7,
  price: 389000,
  bedrooms: 2,
  fullBathrooms: 2,
  halfBathrooms: 0,
  squareFootage: 1450,
  isModel: true,
  timezone: 53,
  marketing_name: 'The Aspen',
  alarm: true,
  alarm_company: 'SafeHome',
  armed_hours: '8pm-6am',
  disarm_code: '4321',
  emergency_notes: null,
  property_backup_code: '482910',
  trade_code: '5120',
  sales_code: '7340',
  resident_code: '',
  community_backup_code: '482910',
  community_trade_code: '5120',
  community_sales_code: '7340',
  access_notes: 'Key in the lockbox',
  contract_date: null,
  access_settings: false,
  tourHoursStart: 5,
  tourHoursEnd: 23,
  agents: [
    {
      agentUsername: 'paula.pm',
      agent_username: 'paula.pm',
      firstname: 'Paula',
      lastname: 'Manning',
      phone: '',
      email: '',
      is_project_manager: true,
    },
  ],
  teams: [],
  integrations: [{ id: 4, name: 'Lasso CRM', project_id: null, isActive: false }],
  visits: [],
  public_url: 'https://tours.example.com/brightway-homes/property/70',
  created_on: '2026-01-02T10:00:00Z',
  created_by: 'paula.pm',
  modified_on: '2026-01-02T10:00:00Z',
  modified_by: 'paula.pm',
};
