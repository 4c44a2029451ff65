import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CommunityInput } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs, type MockResponse, type RecordedCall } from '../../../test/utils';
import { OAK_RIDGE, PAULA, SAM, STATES, STATUSES } from '../testFixtures';
import CommunityDetailPage from './CommunityDetailPage';

function serve(extra: Record<string, (call: RecordedCall) => MockResponse> = {}) {
  return mockRoutes({
    'GET /api/communities/12': () => ({ body: OAK_RIDGE }),
    'GET /api/states': () => ({ body: STATES }),
    'GET /api/available_agents/5': () => ({ body: [PAULA, SAM] }),
    'GET /api/teams/builder/5': () => ({ body: [{ id: 3, name: 'Weekend Crew', agents: [] }] }),
    'GET /api/communities/statuses': () => ({ body: STATUSES }),
    'GET /api/communities/12/QRCode': () => ({ body: [] }),
    ...extra,
  });
}

const open = () =>
  renderRoute(<CommunityDetailPage />, { path: '/communities/:communityId', route: '/communities/12' });

describe('CommunityDetailPage', { timeout: 60_000 }, () => {
  it('shows the community, checks the info form and saves everything, then goes to the list', async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    const saved: CommunityInput[] = [];
    serve({
      'POST /api/communities/saveCommunity': (call) => {
        saved.push((call.body as { community: CommunityInput }).community);
        return { body: { message: 'Saved!', id: 12 } };
      },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Oak Ridge' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Community ID' })).toHaveValue('12');
    expect(screen.getByRole('textbox', { name: 'Community ID' })).toHaveAttribute('readonly');
    expect(screen.getByText('The public site address is not configured.')).toBeInTheDocument();

    const city = screen.getByRole('textbox', { name: 'City' });
    await userEvent.clear(city);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City is required field')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await userEvent.type(city, 'Round Rock');
    await userEvent.click(screen.getByRole('tab', { name: 'Staff' }));
    const agents = screen.getByRole('list', { name: 'Assigned agents' });
    expect(within(agents).getByText('Sam Sellers')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Add Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weekend Crew' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Properties' }));
    expect(screen.getByRole('link', { name: '100 Oak Lane' })).toHaveAttribute('href', '/properties/31');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/communities'));
    expect(saved[0]).toMatchObject({
      id: 12,
      city: 'Round Rock',
      agents: ['sam.sales'],
      teams: [3],
      hub_backup_code: '1111',
    });
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
  });

  it("puts the server's field errors under their fields and brings their tab forward", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAs({ username: 'paula.pm', builderId: 5 });
    serve({
      'POST /api/communities/saveCommunity': () => ({
        status: 422,
        body: {
          message: 'Validation failed',
          errors: { trade_code: 'Trade code are must have between 4-8 digits! Empty slots are acceptable' },
        },
      }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Automations/ })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(
      within(screen.getByRole('tabpanel')).getByText(
        'Trade code are must have between 4-8 digits! Empty slots are acceptable',
      ),
    ).toBeInTheDocument();
  });

  it("syncs the codes as typed and shows the server's answer or refusal", async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    const sent: unknown[] = [];
    let answer: MockResponse = {
      status: 422,
      body: { message: 'Validation failed', errors: { codes: 'At least one code must be at least 4 characters long' } },
    };
    serve({
      'PATCH /api/communities/12/automationCodes': (call) => {
        sent.push(call.body);
        return answer;
      },
    });
    open();
    await userEvent.click(await screen.findByRole('tab', { name: 'Automations' }));
    const master = screen.getByRole('textbox', { name: 'Community Master Code' });
    await userEvent.clear(master);
    await userEvent.type(master, '12ab34');
    expect(master).toHaveValue('1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sync Codes Now' }));
    expect(await screen.findByText('At least one code must be at least 4 characters long')).toBeInTheDocument();
    expect(sent[0]).toEqual({ communityCode: '1234', tradeCode: '5120', salesCode: '7340' });

    const lock = { device_id: 11, serial_number: 'KW0100001', name: 'Front door', property_id: 70 };
    answer = { body: { message: '1 of 1 devices updated', results: [{ ...lock, updated: true, error: null }] } };
    await userEvent.click(screen.getByRole('button', { name: 'Sync Codes Now' }));
    expect(await screen.findByText('1 of 1 devices updated')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sync results' })).not.toBeInTheDocument();

    // A lock that did not take the codes is listed with its words.
    const failed = '0 of 1 devices updated; 1 failed: Front door (KW0100001): The device is offline';
    answer = { body: { message: failed, results: [{ ...lock, updated: false, error: 'The device is offline' }] } };
    await userEvent.click(screen.getByRole('button', { name: 'Sync Codes Now' }));
    expect(await screen.findByText(failed)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Sync results' });
    expect(within(list).getByText('Front door (KW0100001)')).toBeInTheDocument();
    expect(within(list).getByText('The device is offline')).toBeInTheDocument();
  });

  it('draws the public page QR with its PNG download, and keeps QR records', async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    const url = 'https://tours.example.com/brightway/community/12';
    const records = [{ id: 1, communityId: 12, text: 'https://example.com/flyer', name: 'Flyer' }];
    const bodies: unknown[] = [];
    serve({
      'GET /api/communities/12': () => ({ body: { ...OAK_RIDGE, public_url: url } }),
      'GET /api/communities/12/QRCode': () => ({ body: records }),
      'POST /api/communities/12/saveQRCode': (call) => {
        bodies.push(call.body);
        const body = call.body as { QRCodeText: string; QRCodeName: string };
        if (!body.QRCodeName.trim())
          return {
            status: 422,
            body: {
              message: 'Validation failed',
              errors: { QRCodeName: 'The QR name is required (at most 250 characters)' },
            },
          };
        records.push({ id: 2, communityId: 12, text: body.QRCodeText, name: body.QRCodeName });
        return { status: 201, body: records[1] };
      },
      'POST /api/communities/QRCode_delete': (call) => {
        bodies.push(call.body);
        return { body: { message: 'Successfully deleted!' } };
      },
    });
    open();
    expect(await screen.findByRole('textbox', { name: 'Public web page URL' })).toHaveValue(url);
    await userEvent.click(screen.getByRole('tab', { name: 'QR Code' }));
    const qr = await screen.findByRole('img', { name: 'QR code of Oak Ridge' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(qr).toHaveAttribute('width', '130');
    const download = screen.getAllByRole('link', { name: 'Download PNG' })[0];
    expect(download).toHaveAttribute('download', 'oak-ridge-qr.png');
    // A vector copy prints at any size.
    const vector = screen.getAllByRole('link', { name: 'Download SVG for print' })[0];
    expect(vector).toHaveAttribute('download', 'oak-ridge-qr.svg');
    const svg = decodeURIComponent(vector.getAttribute('href')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(screen.getByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(await screen.findByRole('listitem', { name: 'Flyer' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save QR Code' }));
    expect(await screen.findByText('The QR name is required (at most 250 characters)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'QR Code Text' })).toHaveValue(url);
    await userEvent.type(screen.getByRole('textbox', { name: 'QR Code Name' }), 'Sign{Enter}');
    expect(await screen.findByRole('listitem', { name: 'Sign' })).toBeInTheDocument();
    expect(bodies[1]).toEqual({ QRCodeText: url, QRCodeName: 'Sign' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete QR code Flyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Successfully deleted!')).toBeInTheDocument();
    expect(bodies[2]).toEqual({ id: 1 });
  });

  it('shows a failed load with Retry', async () => {
    signInAs({ username: 'paula.pm', builderId: 5 });
    let answer: MockResponse = { status: 500, body: { message: 'Database unavailable' } };
    serve({ 'GET /api/communities/12': () => answer });
    open();
    expect(await screen.findByText('The community could not be loaded: Database unavailable')).toBeInTheDocument();
    answer = { body: OAK_RIDGE };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Oak Ridge' })).toBeInTheDocument();
  });
});
