// Records shared by tests.
import type { Agent, SettingsView } from '../api/types';

/** Sales Staff with text and email notifications on and no notification email of their own. */
export const ANN: Agent = {
  username: 'ann.lee',
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann@example.com',
  phone: '5551234567',
  roles: { id: 2 },
  role_id: 2,
  userType: 'Sales Staff',
  is_project_manager: false,
  groups: [],
  send_sms: 1,
  send_email: 1,
  notification_email: null,
};

/** Builder 5's settings as the server answers them, with every message switched off. */
export const SETTINGS: SettingsView = {
  builder_id: 5,
  builderName: 'Brightway Homes',
  webflow_name: 'brightway-homes',
  timezone: 52,
  country: 'USA',
  legal_name: 'Brightway Homes LLC',
  marketing_name: 'Brightway',
  primary_color: '#DB5C0E',
  secondary_color: '#FFFFFF',
  button_settings: null,
  selfie_verification_active: false,
  default_install_property_status: 'PROPERTY_AVAILABLE',
  custom_disclosure_active: false,
  custom_disclosure_name: null,
  custom_disclosure_text: null,
  content_settings: null,
  during_tour_message: null,
  during_tour_message_interval: null,
  after_tour_message: null,
  after_tour_message_interval: null,
  scheduled_tour_message: null,
  logo: null,
};
