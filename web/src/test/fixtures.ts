// Records shared by tests.
import type { Agent, Invoice, SettingsView } from '../api/types';

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

/** An overdue invoice of Brightway Homes: 12 homes at $25.00. */
export function invoice(id: number, fields: Partial<Invoice> = {}): Invoice {
  return {
    id,
    docNumber: `TD-2026${String(id).padStart(2, '0')}-0001`,
    date: '2026-10-01',
    dueDate: '2026-10-31',
    net_term_days: 30,
    period_start: '2026-09-01',
    period_end: '2026-09-30',
    totalAmount: 30000,
    credits_applied: 0,
    amount_paid: 0,
    balance: 30000,
    status: 'not_paid',
    shownStatus: 'Overdue',
    customer_id: 1,
    customer: {
      company: 'Brightway Homes',
      first_name: 'Accounts',
      last_name: 'Payable',
      billing_address: {
        company: 'Brightway Homes',
        line1: '100 Commerce Street',
        city: 'Austin',
        state_code: 'TX',
        zip: '78701',
      },
    },
    subscriptions: [
      {
        subscription: { plan_unit_price: 2500, plan_amount: 12, plan_unit: 'home' },
        plan: { invoice_name: 'Self-Tour Subscription', description: '' },
      },
    ],
    salesLineItems: [
      {
        description: '12 homes in service',
        itemName: 'Self-Tour Subscription',
        quantity: 12,
        unitPrice: 2500,
        amount: 30000,
      },
    ],
    payments: [],
    ...fields,
  };
}
