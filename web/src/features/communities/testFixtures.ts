// Records the communities tests share (not imported by the app).
import type { AgentRow, CommunityDetail, CommunityStatus, State } from '../../api/types';
import { defaultStaffWeek } from '../../components/hours/staffHours';
import { defaultTourWeek } from '../../components/hours/tourHours';

export const PAULA: AgentRow = {
  username: 'paula.pm',
  firstname: 'Paula',
  lastname: 'Manning',
  email: 'paula@example.com',
  phone: '555-000-0001',
  userType: 'Program Manager',
  role_id: 4,
  is_project_manager: true,
  groups: [{ GroupID: 4 }],
};

export const SAM: AgentRow = {
  ...PAULA,
  username: 'sam.sales',
  firstname: 'Sam',
  lastname: 'Sellers',
  email: 'sam@example.com',
  userType: 'Sales Staff',
  role_id: 2,
  is_project_manager: false,
  groups: [{ GroupID: 2 }],
};

export const STATES: State[] = [
  { state_id: 1, code: 'TX', state_name: 'Texas' },
  { state_id: 2, code: 'CO', state_name: 'Colorado' },
];

export const STATUSES: CommunityStatus[] = [
  { status_id: 1, status: 'Active' },
  { status_id: 2, status: 'Inactive' },
];

/** Builder 5's Oak Ridge with one home, Sam assigned and default hours. */
export const OAK_RIDGE: CommunityDetail = {
  id: 12,
  builder_id: 5,
  builderName: 'Brightway Homes',
  status: 'Active',
  status_id: 1,
  created_on: '2024-01-02T10:00:00Z',
  created_by: 'paula.pm',
  modified_on: '2024-02-03T10:00:00Z',
  modified_by: 'paula.pm',
  name: 'Oak Ridge',
  state: 'TX',
  city: 'Austin',
  zip: '78701',
  external_community_id: 'OR-100',
  sales_agent: '555-300-1000',
  emergency_contacts: 'paula.pm',
  community_url: 'https://www.example.com/communities/oak-ridge',
  floor_plan_url: null,
  virtual_tour_url: null,
  additional_notes: null,
  privacy_additional_notes: 'Private note',
  privacy_logo: null,
  staff_lock_interval: 10,
  community_backup_code: '482910',
  trade_code: '5120',
  sales_code: '7340',
  hub_backup_code: '1111',
  lasso_community_project_id: null,
  novihome_integration: false,
  communityTourHours: defaultTourWeek(),
  communityStaffHours: defaultStaffWeek(),
  agents: [SAM],
  teams: [],
  public_url: null,
  communityProperties: [{ property_id: 31, house_num: '12', address_1: '100 Oak Lane', state: 'TX', zipcode: '78701' }],
};
