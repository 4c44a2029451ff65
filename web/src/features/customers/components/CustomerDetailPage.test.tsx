import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerDetail } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import CustomerDetailPage from './CustomerDetailPage';

const CUSTOMER: CustomerDetail = {
  customer_id: 7,
  builder_id: 1,
  firstname: 'Ann',
  lastname: 'Lee',
  email_1: 'ann.lee@example.com',
  cell_phone_1: '555-200-1000',
  street_address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  visitor_status_id: 154,
  visitor_status_id_value: 'Not blacklisted',
  visitor_type_id: 122,
  visitor_type_id_value: 'V',
  visitor_contact_status_id_value: 'Contact',
  selfie_on: null,
  visits: [
    {
      customer_visit_id: 31,
      modified_on: '2026-03-02T19:30:00Z',
      propertyTimezone: 'CT',
      propTimezoneValue: 'America/Chicago',
      visit_status_id_value: 'Accessed',
      attribution: 'Zillow',
      property_id: 41,
      address_1: '100 Oak Lane',
      house_num: '12',
      builder: 'Brightway Homes',
      agents: [
        { is_project_manager: true, firstname: 'Pat', lastname: 'Manager' },
        { is_project_manager: false, firstname: 'Sam', lastname: 'Sales' },
      ],
      remarks:
        'User sent feedback\n★★★★☆\nComments:\nloved: the kitchen\nPost tour survey\nHow did you hear about us?: Zillow',
    },
  ],
  surveyResults: [
    { question: 'Are you working with an agent?', answer: 'No', survey: 'pre', answered_on: '2026-03-01T10:00:00Z' },
  ],
};

const renderCustomer = () =>
  renderRoute(<CustomerDetailPage />, { path: '/customers/:customerId', route: '/customers/7' });

describe('CustomerDetailPage', () => {
  it('shows the selfie the visitor took, fetched with the staff session', async () => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    const calls = mockRoutes({
      'GET /api/customers/7': () => ({ body: { ...CUSTOMER, selfie_on: '2026-03-02T19:00:00Z' } }),
      'GET /api/customers/7/selfie': () => ({ body: 'webp bytes' }),
    });
    renderCustomer();
    expect(await screen.findByRole('img', { name: 'Selfie of Ann Lee' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/^Selfie taken /)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/customers/7/selfie')?.authorization).toMatch(/^Bearer /);
  });

  it('shows the profile and the visits with their feedback, in the home’s time zone', async () => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    mockRoutes({ 'GET /api/customers/7': () => ({ body: CUSTOMER }) });
    renderCustomer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.getByText('ann.lee@example.com')).toBeInTheDocument();
    expect(screen.getByText('555-200-1000')).toBeInTheDocument();
    expect(screen.getByText('78701')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Blacklisted' })).not.toBeChecked();
    const visit = screen.getByRole('article', { name: 'Visit 31' });
    // 19:30 UTC is 1:30 PM in Chicago.
    expect(within(visit).getByText('2026-03-02 1:30 PM CT')).toBeInTheDocument();
    expect(within(visit).getByText('Accessed')).toBeInTheDocument();
    expect(within(visit).getByText('100 Oak Lane · Lot 12 · Property 41')).toBeInTheDocument();
    expect(within(visit).getByText('Brightway Homes · Agents: Pat Manager (PM), Sam Sales')).toBeInTheDocument();
    expect(within(visit).getByText('User sent feedback')).toBeInTheDocument();
    expect(within(visit).getByLabelText('4 of 5 stars')).toBeInTheDocument();
    expect(within(visit).getByLabelText('Loved')).toBeInTheDocument();
    expect(within(visit).getByText('the kitchen')).toBeInTheDocument();
    expect(within(visit).getByText('How did you hear about us?: Zillow')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Survey' }));
    expect(screen.getByText('Are you working with an agent?')).toBeInTheDocument();
    expect(screen.getByText('No')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/customers$/);
  });

  it('has no Survey tab without answers, and says when there are no visits', async () => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    mockRoutes({ 'GET /api/customers/7': () => ({ body: { ...CUSTOMER, visits: [], surveyResults: [] } }) });
    renderCustomer();
    expect(await screen.findByText('No record exist!')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Survey' })).not.toBeInTheDocument();
  });

  it('blacklists with 155 and lifts it with 154, and says when it fails', async () => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    const sent: unknown[] = [];
    let fail = false;
    mockRoutes({
      'GET /api/customers/7': () => ({ body: CUSTOMER }),
      'POST /api/customers/7': (call) => {
        sent.push(call.body);
        if (fail) return { status: 500, body: { message: 'The database is unavailable' } };
        const on = (call.body as { visitor_status_id: number }).visitor_status_id === 155;
        return {
          body: {
            message: 'Updated successfully',
            customer: {
              ...CUSTOMER,
              visitor_status_id: on ? 155 : 154,
              visitor_status_id_value: on ? 'Blacklisted' : 'Not blacklisted',
            },
          },
        };
      },
    });
    renderCustomer();
    const toggle = await screen.findByRole('switch', { name: 'Blacklisted' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(screen.getAllByText('Blacklisted').length).toBeGreaterThan(1);
    expect(sent).toEqual([{ customer_id: 7, visitor_status_id: 155 }]);

    fail = true;
    await userEvent.click(toggle);
    expect(await screen.findByText('The database is unavailable')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(sent[1]).toEqual({ customer_id: 7, visitor_status_id: 154 });
  });

  it('shows Not Found for a customer that is not there', async () => {
    signInAs({ username: 'demo.pm', builderId: 1 });
    mockRoutes({ 'GET /api/customers/7': () => ({ status: 404, body: { message: 'No record exist!' } }) });
    renderCustomer();
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
