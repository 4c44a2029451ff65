import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRow } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import CustomersListPage from './CustomersListPage';

const customer = (id: number, extra: Partial<CustomerRow> = {}): CustomerRow => ({
  customer_id: id,
  firstname: 'Ann',
  lastname: `Lee${id}`,
  email_1: `ann${id}@example.com`,
  cell_phone_1: '555-201-0000',
  visitor_contact_status_id_value: 'Contact',
  visitor_type_id: 122,
  visitor_type_id_value: 'V',
  visits_count: 2,
  last_visit_date: '2026-11-20T15:04:00Z',
  created_on: '2026-11-01T14:00:00Z',
  last_visit_property_id: 41,
  last_visit_status: 'Accessed',
  visitor_status_id: 154,
  visitor_status_id_value: 'Not blacklisted',
  timezone: 53,
  timezoneAbbr: 'CT',
  timezoneValue: 'America/Chicago',
  builder_id: 1,
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe('CustomersListPage', { timeout: 60_000 }, () => {
  it("lists customers by last visit, in their home's time zone, filters them in the URL and exports what is filtered", async () => {
    signInAs({ username: 'demo.pm' });
    const calls = mockRoutes({
      'GET /api/customers': () => ({
        body: {
          data: [customer(7), customer(6, { visitor_status_id_value: 'Blacklisted', last_visit_property_id: null })],
          total: 2,
        },
      }),
      'POST /api/customers/exportAll': () => ({ body: 'Customer ID\n' }),
    });
    renderRoute(<CustomersListPage />, { path: '/customers', route: '/customers' });
    const row = (await screen.findByText('Lee7')).closest('tr')!;
    // 15:04 UTC is 9:04 AM in Chicago.
    expect(within(row).getByText(/9:04 AM CT$/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '41' })).toHaveAttribute('href', '/properties/41');
    expect(within(row).getByText('Accessed')).toBeInTheDocument();
    expect(screen.getByText('Blacklisted')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search all customers')).toBeInTheDocument();
    const first = new URLSearchParams(calls.find((c) => c.path === '/api/customers')!.search);
    expect([first.get('orderBy'), first.get('order')]).toEqual(['last_visit_date', 'desc']);

    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Last visit status' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'NA-V' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Visitor type' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'AG' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = new URLSearchParams(calls.filter((c) => c.path === '/api/customers').at(-1)!.search);
      expect([last.get('lastStatus'), last.get('visitorType')]).toEqual(['NA-V', 'AG']);
    });

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:customers');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export All' }));
    await waitFor(() => expect(saved).toEqual(['customers-export.csv']));
    const exported = calls.find((c) => c.path === '/api/customers/exportAll')!.body as { query?: string };
    expect(JSON.stringify(exported)).toContain('lastStatus=NA-V');
  });
});
