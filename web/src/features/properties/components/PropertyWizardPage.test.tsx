import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { builderSelection } from '../../../app/builderSelection';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import { CATALOG, PAULA, SAM, STATES, builderDetail } from '../testFixtures';
import PropertyWizardPage from './PropertyWizardPage';

beforeEach(() => builderSelection.reset());

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const next = (name = 'Next') => userEvent.click(screen.getByRole('button', { name }));
const steps = () => [...document.querySelectorAll('.MuiStepLabel-label')].map((s) => s.textContent);

async function pick(label: string, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

function serve(created: unknown[], { rental = false } = {}) {
  return mockRoutes({
    'GET /api/catalog': () => ({ body: CATALOG }),
    'GET /api/states': () => ({ body: STATES }),
    'GET /api/builders/5/detail': () => ({ body: builderDetail({ is_rental: rental }) }),
    'GET /api/communities/builder/5': () => ({ body: [{ id: 12, name: 'Oak Ridge', city: 'Austin', state: 'TX' }] }),
    'GET /api/communities/12': () => ({
      body: {
        id: 12,
        name: 'Oak Ridge',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        community_backup_code: '482910',
        trade_code: '5120',
        sales_code: '7340',
        lasso_community_project_id: 4411,
        novihome_integration: true,
      },
    }),
    'GET /api/available_agents/5': () => ({ body: [PAULA, SAM] }),
    'GET /api/teams/builder/5': () => ({ body: [] }),
    'POST /api/properties/coordinates': () => ({ body: { lat: 30.27, lng: -97.74 } }),
    'POST /api/properties/new_property': (call) => {
      created.push(call.body);
      return { status: 201, body: { message: 'Property created', property_id: 71 } };
    },
  });
}

describe('PropertyWizardPage', { timeout: 60_000 }, () => {
  it('checks step 1, requires a PM, and saves on Automations in four steps', async () => {
    signInAs({ username: 'paula.pm', builderId: 5, firstName: 'Paula', lastName: 'Manning' });
    const created: unknown[] = [];
    const calls = serve(created);
    renderRoute(<PropertyWizardPage />, { path: '/properties/add', route: '/properties/add' });
    expect(heading()).toBe('Property Info');
    expect(steps()).toEqual(['Property Info', 'Add Users & Teams', 'Tour Hours', 'Automations']);
    // The builder's time zone is chosen to start with.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('Chicago'), {
      timeout: 5000,
    });

    await next();
    for (const message of [
      'community required',
      'Address field is required',
      'City field is required',
      'State field is required',
      'Zipcode field is required',
      'Bedrooms field is required',
      'Full Bathrooms field is required',
      'Half Bathrooms field is required',
      'Square Footage field is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(heading()).toBe('Property Info');

    await pick('Community', 'Oak Ridge');
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveValue('Austin'));
    expect(screen.getByLabelText(/^Zipcode/)).toHaveValue('78701');
    expect(screen.getByLabelText('Subdivision')).toHaveValue('Oak Ridge');
    expect(screen.queryByText('City field is required')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Address/), '7 Test Way');
    await userEvent.type(screen.getByLabelText('Price'), '4a50000');
    await userEvent.type(screen.getByLabelText(/^Bedrooms/), 'x');
    await userEvent.type(screen.getByLabelText(/^Full Bathrooms/), '2');
    await userEvent.type(screen.getByLabelText(/^Half Bathrooms/), '1');
    await userEvent.type(screen.getByLabelText(/^Square Footage/), '2000');
    expect(screen.getByLabelText('Price')).toHaveValue('$450,000');
    await next();
    expect(await screen.findByText('Must be a number')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Bedrooms/));
    await userEvent.type(screen.getByLabelText(/^Bedrooms/), '3');
    await next();

    // The program manager adding the home is its PM to start with; the rule shows, once, beside
    // the picker while no agent is a PM.
    expect(heading()).toBe('Add Users & Teams');
    expect(screen.getByRole('checkbox', { name: 'Paula Manning is project manager' })).toBeChecked();
    expect(screen.queryByText(/A PM is required to be assigned!/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Paula Manning is project manager' }));
    expect(screen.getByRole('status')).toHaveTextContent('A PM is required to be assigned!');
    await next();
    expect(heading()).toBe('Add Users & Teams');
    expect(screen.getByRole('alert')).toHaveTextContent('A PM is required to be assigned!');
    await next();
    expect(screen.getAllByText(/A PM is required to be assigned!/)).toHaveLength(1);
    await pick('Available Agents', /Sam Sellers/);
    await next();
    expect(heading()).toBe('Add Users & Teams');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sam Sellers is project manager' }));
    expect(screen.queryByText(/A PM is required to be assigned!/)).not.toBeInTheDocument();
    await next();

    expect(heading()).toBe('Tour Hours');
    await next();
    expect(heading()).toBe('Automations');
    expect(screen.getByLabelText('Property Master Code')).toHaveValue('482910');
    await next('Save');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/properties/71'));
    expect(calls.find((c) => c.path === '/api/properties/coordinates')?.body).toEqual({
      address_1: '7 Test Way',
      houseNum: null,
      city: 'Austin',
      state: 'TX',
    });
    expect(created[0]).toMatchObject({
      community_id: 12,
      timezone: 53,
      address_1: '7 Test Way',
      subdivision: 'Oak Ridge',
      price: 450000,
      bedrooms: 3,
      latitude: 30.27,
      longitude: -97.74,
      property_backup_code: '482910',
      trade_code: '5120',
      lasso_project_id: '4411',
      integration_active: true,
      tourHoursStart: 5,
      tourHoursEnd: 23,
      propertyTourHours: null,
      agents: [
        { agentUsername: 'paula.pm', is_project_manager: false },
        { agentUsername: 'sam.sales', is_project_manager: true },
      ],
      teams: [],
    });
    expect(created[0]).not.toHaveProperty('builder_id');
  });

  it('has the Integrations step for a rental account, with rental fields', async () => {
    signInAs({ username: 'rita.pm', builderId: 5, isRental: true });
    serve([], { rental: true });
    renderRoute(<PropertyWizardPage />, { path: '/properties/add', route: '/properties/add' });
    expect(steps()).toEqual(['Property Info', 'Add Users & Teams', 'Tour Hours', 'Automations', 'Integrations']);
    expect(screen.getByLabelText('Rent per Month')).toBeInTheDocument();
    expect(screen.getByLabelText('Rental Application Url')).toBeInTheDocument();
  });

  it('shows a server refusal on its field and goes back to its step', async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    mockRoutes({
      'GET /api/catalog': () => ({ body: CATALOG }),
      'GET /api/states': () => ({ body: STATES }),
      'GET /api/builders/5/detail': () => ({ body: builderDetail() }),
      'GET /api/communities/builder/5': () => ({ body: [{ id: 12, name: 'Oak Ridge' }] }),
      'GET /api/communities/12': () => ({ body: { name: 'Oak Ridge', city: 'Austin', state: 'TX', zip: '78701' } }),
      'GET /api/available_agents/5': () => ({ body: [PAULA] }),
      'GET /api/teams/builder/5': () => ({ body: [] }),
      'POST /api/properties/coordinates': () => ({ body: { lat: 0, lng: 0 } }),
      'POST /api/properties/new_property': () => ({
        status: 422,
        body: { message: 'Validation failed', errors: { zipcode: 'Zipcode field is required' } },
      }),
    });
    renderRoute(<PropertyWizardPage />, { path: '/properties/add', route: '/properties/add' });
    await pick('Community', 'Oak Ridge');
    await waitFor(() => expect(screen.getByLabelText(/^Zipcode/)).toHaveValue('78701'));
    await userEvent.type(screen.getByLabelText(/^Address/), '7 Test Way');
    for (const [label, value] of [
      [/^Bedrooms/, '3'],
      [/^Full Bathrooms/, '2'],
      [/^Half Bathrooms/, '0'],
      [/^Square Footage/, '1500'],
    ] as const)
      await userEvent.type(screen.getByLabelText(label), value);
    await next();
    // The program manager adding it is already its PM.
    await next();
    await next();
    await next('Save');
    expect(await screen.findByRole('heading', { level: 2, name: 'Property Info' })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText(/^Zipcode/).closest('.MuiFormControl-root')!).getByText('Zipcode field is required'),
    ).toBeInTheDocument();
  });
});
