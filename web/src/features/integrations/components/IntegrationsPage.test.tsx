import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import IntegrationsPage from './IntegrationsPage';

const integration = (id: number, name: string, kind: string, isActive = false) => ({
  id,
  name,
  description: `${name} does useful things.`,
  kind,
  isActive,
  project_id: null,
});

const CATALOGUE = [
  integration(1, 'Salesforce', 'request'),
  integration(3, 'Zillow', 'request'),
  integration(4, 'Lasso CRM', 'community'),
  integration(10, 'NoviHome', 'community'),
  integration(13, 'Listing feed', 'feed'),
  integration(14, 'Nightly listing sync', 'switch', true),
];

const FEED = {
  builder_id: 5,
  feed_source: 'BDX',
  feed_url: 'https://feeds.example.com/bdx.xml',
  feed_username: 'feeds',
  feed_password_saved: true,
  company_code: null,
  add_communities_active: false,
  feed_fields: ['Subdivision', 'Street Address', 'City', 'State', 'Zip Code', 'External Identifier', 'Price'],
  saved: true,
  last_sync_on: null,
  last_sync: null,
  last_sync_error: null,
};

function routes(extra: Parameters<typeof mockRoutes>[0] = {}) {
  return mockRoutes({
    'GET /api/integrations/list': () => ({ body: CATALOGUE }),
    'GET /api/integrations/requests': () => ({ body: [] }),
    'GET /api/builders/feedSettings/5': () => ({ body: FEED }),
    ...extra,
  });
}

const render = () => renderRoute(<IntegrationsPage />, { path: '/integrations', route: '/integrations' });

describe('IntegrationsPage', () => {
  it('shows request cards but for the integrations set up elsewhere, and searches them', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    routes();
    render();
    expect(await screen.findByRole('region', { name: 'Salesforce' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Zillow' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lasso CRM' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'NoviHome' })).not.toBeInTheDocument();
    expect(screen.getByText('Connect your CRM')).toBeInTheDocument();
    expect(screen.getByText('Keep customer info current')).toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText('Search integrations'), 'zill');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Salesforce' })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Zillow' })).toBeInTheDocument();
    await userEvent.clear(screen.getByPlaceholderText('Search integrations'));
    await userEvent.type(screen.getByPlaceholderText('Search integrations'), 'nothing like it');
    expect(await screen.findByText(/No integrations match/)).toBeInTheDocument();
  });

  it('sends a request only once it says something', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    const calls = routes({
      'POST /api/integrations/request': () => ({ status: 201, body: { message: 'Your request has been sent' } }),
    });
    render();
    const card = await screen.findByRole('region', { name: 'Zillow' });
    const send = within(card).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(within(card).getByRole('textbox', { name: 'Your request' }), '   ');
    expect(send).toBeDisabled();
    await userEvent.type(within(card).getByRole('textbox', { name: 'Your request' }), 'Our Zillow listings, please');
    await userEvent.click(send);
    expect(await screen.findByText('Your request has been sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Zillow',
      message: 'Our Zillow listings, please',
    });
    await waitFor(() => expect(within(card).getByRole('textbox', { name: 'Your request' })).toHaveValue(''));
  });

  it('writes the switch as it changes', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    const calls = routes({
      'PATCH /api/integrations/14': () => ({ body: { ...CATALOGUE[5], isActive: false } }),
    });
    render();
    await userEvent.click(await screen.findByRole('switch', { name: 'Nightly listing sync' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isActive: false }));
    expect(await screen.findByText('Nightly listing sync is off')).toBeInTheDocument();
  });

  it('keeps the required feed fields checked, saves and syncs with the answer shown', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    const calls = routes({
      'POST /api/builders/feedSettings': () => ({ body: FEED }),
      'POST /api/scheduler/syncFeed': () => ({
        body: {
          message: 'Feed synced: 3 created, 0 updated, 0 unchanged, 1 rejected',
          data: 'Feed synced: 3 created, 0 updated, 0 unchanged, 1 rejected',
          created: 3,
          updated: 0,
          unchanged: 0,
          rejected: 1,
          communitiesCreated: 0,
          rejections: [{ line: 31, externalIdentifier: 'OR-5003', reason: 'Missing Street Address' }],
        },
      }),
    });
    render();
    const form = await screen.findByRole('form', { name: 'Feed settings' });
    for (const name of ['Subdivision', 'External Identifier']) {
      const box = within(form).getByRole('checkbox', { name });
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(within(form).getByRole('checkbox', { name: 'Price' })).toBeChecked();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Bedrooms' }));
    expect(within(form).getByText(/A password is saved/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/builders/feedSettings')).toBe(true));
    const saved = calls.find((c) => c.path === '/api/builders/feedSettings')?.body as Record<string, unknown>;
    expect(saved.feed_fields).toEqual([
      'Subdivision',
      'Street Address',
      'City',
      'State',
      'Zip Code',
      'External Identifier',
      'Price',
      'Bedrooms',
    ]);
    expect(saved.feed_password).toBeNull();

    await userEvent.click(within(form).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findAllByText('Feed synced: 3 created, 0 updated, 0 unchanged, 1 rejected')).not.toHaveLength(
      0,
    );
    const rejected = screen.getByRole('table', { name: 'Rejected homes' });
    expect(within(rejected).getByText('Missing Street Address')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/scheduler/syncFeed')?.body).toMatchObject({ builder: 5 });
  });

  it('shows a refused sync and checks the address first', async () => {
    signInAs({ username: 'demo.pm', builderId: 5 });
    const calls = routes({
      'POST /api/scheduler/syncFeed': () => ({
        status: 422,
        body: { message: 'The feed is not well-formed XML at line 19', errors: { feed: 'not well-formed' } },
      }),
    });
    render();
    const form = await screen.findByRole('form', { name: 'Feed settings' });
    const url = within(form).getByRole('textbox', { name: 'Feed URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://feeds');
    await userEvent.click(within(form).getByRole('button', { name: 'Sync now' }));
    expect(await within(form).findByText('Enter an address starting with http:// or https://')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(url);
    await userEvent.click(within(form).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('The feed is not well-formed XML at line 19')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('leaves the switch and the feed to program managers', async () => {
    signInAs({ username: 'demo.sales', builderId: 5, isPM: false, userRoleId: 2 });
    routes();
    render();
    expect(await screen.findByRole('switch', { name: 'Nightly listing sync' })).toBeDisabled();
    expect(screen.getByText(/Your program manager sets up the feed/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Feed settings' })).not.toBeInTheDocument();
  });
});
