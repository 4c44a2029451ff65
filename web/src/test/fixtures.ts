// Records shared by tests.
import type { Agent } from '../api/types';

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
