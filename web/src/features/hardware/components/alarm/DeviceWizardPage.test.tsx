import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommunityProperty, CommunityRow } from '../../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../../test/utils';
import { JUNIPER } from '../../../properties/testFixtures';
import DeviceWizardPage from './DeviceWizardPage';

const OAK_RIDGE: CommunityRow = {
  id: 12,
  name: 'Oak Ridge',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  created_on: '2026-01-01T00:00:00Z',
  created_by: 'demo.pm',
  modified_on: '2026-01-01T00:00:00Z',
  builder_id: 5,
  builderName: 'Brightway Homes',
  status_id: 1,
  status: 'Active',
  external_community_id: null,
};
const HOMES: CommunityProperty[] = [
  { property_id: 70, house_num: '10', address_1: '100 Juniper Lane', state: 'TX', zipcode: '78701' },
  { property_id: 71, house_num: '11', address_1: '102 Juniper Lane', state: 'TX', zipcode: '78701' },
];

function renderWizard(extra: Parameters<typeof mockRoutes>[0] = {}) {
  signInAs({ username: 'demo.pm', builderId: 5 });
  const calls = mockRoutes({
    'GET /api/communities/builder/5': () => ({ body: [OAK_RIDGE] }),
    'GET /api/properties/properties_by_community/12': () => ({ body: HOMES }),
    'GET /api/properties/70': () => ({ body: JUNIPER }),
    'GET /api/properties/71': () => ({
      body: { ...JUNIPER, property_id: 71, disposition: 'Sold', disposition_constant: 'PROPERTY_SOLD' },
    }),
    'POST /api/hubs/adc-devices': () => ({
      status: 201,
      body: { message: 'Hub is saved', id: 8, serial_number: 'ADCGARAGEUNIT' },
    }),
    'PATCH /api/properties/70/activate': () => ({ body: { message: 'Updated successfully' } }),
    ...extra,
  });
  renderRoute(<DeviceWizardPage />, { path: '/devices/:id', route: '/devices/9001?name=Garage%20Unit' });
  return calls;
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('DeviceWizardPage', () => {
  it('saves the hub on the chosen home, then activates it and returns to the devices', async () => {
    const calls = renderWizard();
    expect(screen.getByRole('heading', { level: 1, name: 'Garage Unit' })).toBeInTheDocument();
    expect(screen.getByText('Customer ID 9001')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Select Property' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    const saveHub = screen.getByRole('button', { name: 'Save Hub' });
    expect(saveHub).toBeDisabled();

    await pick('Community', 'Oak Ridge');
    await pick('Property', 'Lot 10 · 100 Juniper Lane, TX 78701');
    await waitFor(() => expect(saveHub).toBeEnabled());
    await userEvent.click(saveHub);

    expect(await screen.findByText('Hub is saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      UnitDescription: 'Garage Unit',
      customer_id: 9001,
      property_id: 70,
      hub_type: 'adc',
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Activate' })).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('100 Juniper Lane');
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    expect(screen.getByLabelText('State')).toHaveValue('TX');
    expect(screen.getByLabelText('Lot Number')).toHaveValue('10');

    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH' && c.path === '/api/properties/70/activate')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/devices$/));
  });

  it('does not offer Save Hub for a home that is not active', async () => {
    const calls = renderWizard();
    await pick('Community', 'Oak Ridge');
    await pick('Property', 'Lot 11 · 102 Juniper Lane, TX 78701');
    const property = screen.getByRole('combobox', { name: 'Property' });
    expect(
      await within(property.closest('.MuiFormControl-root')!).findByText('Choose an active property'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Hub' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server refusing the home under the Property field and stays on the step', async () => {
    const refusal = "Choose a property of the unit's builder";
    renderWizard({
      'POST /api/hubs/adc-devices': () => ({
        status: 422,
        body: { message: 'Validation failed', errors: { property_id: refusal } },
      }),
    });
    await pick('Community', 'Oak Ridge');
    await pick('Property', 'Lot 10 · 100 Juniper Lane, TX 78701');
    const saveHub = screen.getByRole('button', { name: 'Save Hub' });
    await waitFor(() => expect(saveHub).toBeEnabled());
    await userEvent.click(saveHub);
    const property = screen.getByRole('combobox', { name: 'Property' });
    expect(await within(property.closest('.MuiFormControl-root')!).findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Select Property' })).toBeInTheDocument();
  });
});
