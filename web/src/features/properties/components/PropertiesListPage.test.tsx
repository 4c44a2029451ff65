import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import PropertiesListPage from './PropertiesListPage';

const CATALOG = [
  { catalog_id: 70, catalog_type_id: 7, name: 'Active', value: 'ACTIVE', description: null },
  { catalog_id: 71, catalog_type_id: 7, name: 'Down', value: 'DOWN', description: null },
];

describe('PropertiesListPage filters', { timeout: 30_000 }, () => {
  it('shows exactly the filters in force and adds none on Apply', async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    const calls = mockRoutes({
      'GET /api/properties': () => ({ body: { data: [], total: 0 } }),
      'GET /api/catalog': () => ({ body: CATALOG }),
      'GET /api/builders/5/detail': () => ({
        body: { builder_id: 5, disable_add_property_and_community: false, webflow_name: 'b', is_rental: false },
      }),
    });
    renderRoute(<PropertiesListPage />, { path: '/properties', route: '/properties' });
    await userEvent.click(await screen.findByRole('button', { name: 'Filter' }));
    const menu = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(menu).getByRole('combobox', { name: 'Lock status' })).toHaveTextContent('All lock statuses');
    expect(within(menu).getByRole('combobox', { name: 'Status' })).toHaveTextContent('All statuses');

    await userEvent.click(within(menu).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sold' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.at(-1)?.search).toContain('lockDisposition=Sold'));
    const listed = calls.filter((c) => c.path === '/api/properties').at(-1);
    expect(listed?.search).not.toContain('lockStatus');
    expect(screen.getByTestId('location').textContent).not.toContain('lockStatus');

    // Opened again, it still shows what is in force and nothing more.
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    const again = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(again).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Sold');
    expect(within(again).getByRole('combobox', { name: 'Lock status' })).toHaveTextContent('All lock statuses');
  });

  it("labels a rental builder's rents among sale prices", async () => {
    signInAs({ username: 'demo.enterprise', builderId: 5, isEnterprise: true, isPM: false });
    const row = (id: number, builder: string, price: number, is_rental: boolean) => ({
      property_id: id,
      house_num: '1',
      address_1: `${id} Main St`,
      subdivision: null,
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      community_id: 1,
      community: 'Oak Ridge',
      disposition_id: 1,
      disposition: 'Accessible',
      lock_status: null,
      price,
      bedrooms: 3,
      isModel: false,
      marketing_name: null,
      builder_id: id,
      builder,
      is_rental,
      modified_on: '2026-11-20T10:00:00Z',
    });
    mockRoutes({
      'GET /api/properties': () => ({
        body: { data: [row(1, 'Brightway Homes', 450000, false), row(2, 'Brightway Rentals', 2100, true)], total: 2 },
      }),
      'GET /api/catalog': () => ({ body: CATALOG }),
      'GET /api/builders/5/detail': () => ({
        body: { builder_id: 5, disable_add_property_and_community: false, webflow_name: 'b', is_rental: false },
      }),
      'GET /api/builders/enterprise/demo.enterprise': () => ({ body: [] }),
    });
    renderRoute(<PropertiesListPage />, { path: '/properties', route: '/properties' });
    expect(await screen.findByText('$2,100 / month')).toBeInTheDocument();
    expect(screen.getByText('$450,000')).toBeInTheDocument();
  });
});
