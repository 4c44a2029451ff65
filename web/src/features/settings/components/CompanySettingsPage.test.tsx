import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { builderSelection } from '../../../app/builderSelection';
import { SETTINGS } from '../../../test/fixtures';
import { mockRoutes, renderRoute, signInAs, type MockResponse } from '../../../test/utils';
import CompanySettingsPage from './CompanySettingsPage';

const CATALOG = [
  { catalog_id: 11, catalog_type_id: 1, name: 'Accessible', value: 'PROPERTY_AVAILABLE', description: '' },
  { catalog_id: 14, catalog_type_id: 1, name: 'Rented', value: 'PROPERTY_RENTED', description: '' },
  { catalog_id: 18, catalog_type_id: 1, name: 'Staff Access', value: 'PROPERTY_STAFF_ACCESS', description: '' },
  { catalog_id: 51, catalog_type_id: 6, name: 'Denver', value: 'America/Denver', description: 'MT' },
  { catalog_id: 52, catalog_type_id: 6, name: 'New York', value: 'America/New_York', description: 'ET' },
];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function open(saveAnswer: () => MockResponse = () => ({ body: { ...SETTINGS, logo: '/api/files/abc' } })) {
  const calls = mockRoutes({
    'GET /api/catalog': () => ({ body: CATALOG }),
    'GET /api/builders/settings/5': () => ({ body: SETTINGS }),
    'GET /api/builders/timezone': () => ({ body: { timezone: 52 } }),
    'POST /api/builders/timezone': () => ({ body: { message: 'Timezone Saved!' } }),
    'POST /api/builders/settings': saveAnswer,
    'GET /api/builders/enterprise/ent.user': () => ({
      body: [
        { builder_id: 5, name: 'Brightway Homes', is_rental: false },
        { builder_id: 6, name: 'Brightway Rentals', is_rental: true },
      ],
    }),
  });
  renderRoute(<CompanySettingsPage />, { route: '/settings' });
  return calls;
}

const section = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  builderSelection.reset();
  signInAs({ username: 'demo.pm', builderId: 5 });
});

describe('CompanySettingsPage', () => {
  it('refuses colours that are not hex and saves the company part as multipart', async () => {
    const user = userEvent.setup();
    const calls = open(() => ({ body: { ...SETTINGS, primary_color: '#123456' } }));
    const marketing = await section('Marketing Settings');
    const primary = within(marketing).getByRole('textbox', { name: /Primary Color/ });
    await user.clear(primary);
    await user.type(primary, 'orange');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(marketing).findByText('Invalid HEX Format')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(primary);
    await user.type(primary, '#123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    const form = calls.find((c) => c.method === 'POST' && c.path === '/api/builders/settings')?.form;
    expect(form?.get('primary_color')).toBe('#123456');
    expect(form?.get('builder_id')).toBeNull();
    expect(JSON.parse(String(form?.get('button_settings')))).toMatchObject({ text: 'Schedule a Tour', fontSize: 14 });
    expect(form?.has('file')).toBe(false);
  });

  it('shows a field error the server gives for the button', async () => {
    const user = userEvent.setup();
    open(() => ({
      status: 422,
      body: { message: 'Validation failed', errors: { 'button_settings.backgroundColor': 'Invalid HEX Format' } },
    }));
    const button = await section('Website Marketing Button');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(button).findByText('Invalid HEX Format')).toBeInTheDocument();
  });

  it('uploads a logo at once and shows its statuses', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let answer: MockResponse = { status: 403, body: { message: 'Only program managers can change settings' } };
    const calls = open(() => answer);
    const company = await section('Company Settings');
    const input = within(company).getByLabelText('Logo file');

    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await within(company).findByText('Unsupported file type')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.upload(input, new File([PNG], 'logo.png', { type: 'image/png' }));
    expect(await within(company).findByText('Uploading Failed')).toBeInTheDocument();
    expect(within(company).getByText('Only program managers can change settings')).toBeInTheDocument();

    answer = { body: { ...SETTINGS, logo: '/api/files/abc' } };
    await user.upload(input, new File([PNG], 'logo.png', { type: 'image/png' }));
    expect(await within(company).findByText('Sucessfully Uploaded')).toBeInTheDocument();
    expect(within(company).getByRole('img', { name: 'Company logo' })).toHaveAttribute('src', '/api/files/abc');
    const form = calls.filter((c) => c.method === 'POST').at(-1)?.form;
    expect(form?.get('file')).toBeInstanceOf(File);
    expect(form?.has('primary_color')).toBe(false);
  });

  it('saves the time zone as soon as it changes', async () => {
    const user = userEvent.setup();
    const calls = open();
    const tour = await section('Tour Settings');
    const zone = within(tour).getByRole('combobox', { name: 'Time Zone' });
    await waitFor(() => expect(zone).toHaveTextContent('New York'));
    await user.click(zone);
    await user.click(await screen.findByRole('option', { name: 'Denver' }));
    expect(await screen.findByText('Timezone Saved!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/builders/timezone')?.body).toEqual({
      timezone: 51,
    });
  });

  it('offers Rented only to rental builders and lets enterprise users choose the builder on the page', async () => {
    const user = userEvent.setup();
    signInAs({ username: 'ent.user', isEnterprise: true, isPM: false, builderId: null });
    const calls = open();
    const install = await section('Install Settings');
    // The first builder (a sales builder) is chosen: no Rented.
    expect(screen.getByRole('combobox', { name: 'Builder' })).toHaveTextContent('Brightway Homes');
    await user.click(within(install).getByRole('combobox', { name: /Default install property status/ }));
    expect(await screen.findByRole('option', { name: 'Accessible' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Rented' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Builder' }));
    await user.click(await screen.findByRole('option', { name: 'Brightway Rentals' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/builders/settings/6')).toBe(true));
  });
});
