import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS } from '../../../test/fixtures';
import { mockRoutes, renderRoute, signInAs, type MockResponse } from '../../../test/utils';
import ContentSettingsPage from './ContentSettingsPage';
import DisclosuresPage from './DisclosuresPage';

beforeEach(() => signInAs({ username: 'demo.pm', builderId: 5 }));

describe('ContentSettingsPage', () => {
  it('only logs refused texts and keeps what was typed', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: MockResponse = {
      status: 422,
      body: { message: 'Validation failed', errors: { 'content_settings.tour_now_title': 'At most 5000 characters' } },
    };
    const calls = mockRoutes({
      'GET /api/builders/settings/5': () => ({ body: { ...SETTINGS, content_settings: '{"step_1_title":"Find"}' } }),
      'POST /api/builders/settings': () => answer,
    });
    renderRoute(<ContentSettingsPage />, { route: '/content-settings' });
    const tourNow = await screen.findByRole('region', { name: 'Tour Now' });
    expect(screen.getByRole('textbox', { name: 'Step 1 title' })).toHaveValue('Find');
    await user.type(within(tourNow).getByRole('textbox', { name: 'Title' }), 'Tour now');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('At most 5000 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
    expect(within(tourNow).getByRole('textbox', { name: 'Title' })).toHaveValue('Tour now');
    const sent = JSON.parse(String(calls.find((c) => c.method === 'POST')?.form?.get('content_settings')));
    expect(sent).toMatchObject({ tour_now_title: 'Tour now', step_1_title: 'Find', step_2_title: null });

    answer = { status: 403, body: { message: 'Only program managers can change settings' } };
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Only program managers can change settings')).toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('ContentSettingsPage defaults', () => {
  it('shows the wording an empty text falls back to, in the builder’s words', async () => {
    mockRoutes({
      'GET /api/builders/settings/5': () => ({ body: { ...SETTINGS, content_settings: '{"step_1_title":"Find"}' } }),
    });
    renderRoute(<ContentSettingsPage />, { route: '/content-settings' });
    const tourNow = await screen.findByRole('region', { name: 'Tour Now' });
    expect(within(tourNow).getByRole('textbox', { name: 'Button' })).toHaveAttribute('placeholder', 'Tour Now');
    expect(within(tourNow).getByRole('textbox', { name: 'Description' })).toHaveAttribute(
      'placeholder',
      expect.stringContaining('while the home is open to tours'),
    );
    expect(screen.getByRole('textbox', { name: 'Step 1 title' })).toHaveValue('Find');
    expect(screen.getByRole('textbox', { name: 'Step 2 title' })).toHaveAttribute('placeholder', 'Pick a time');
  });
});

describe('DisclosuresPage', () => {
  it('requires name and text when on, and clears both when switched off', async () => {
    const user = userEvent.setup();
    const calls = mockRoutes({
      'GET /api/builders/settings/5': () => ({ body: SETTINGS }),
      'POST /api/builders/settings/disclosures': () => ({ body: { message: 'Saved!' } }),
    });
    renderRoute(<DisclosuresPage />, { route: '/disclosures' });
    const toggle = await screen.findByRole('switch', { name: 'Custom disclosure' });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Required field!')).toHaveLength(2);

    const name = screen.getByRole('textbox', { name: /Disclosure name/ });
    const text = screen.getByRole('textbox', { name: /Disclosure text/ });
    await user.type(name, 'Rules');
    await user.type(text, 'Close the doors.');
    expect(screen.getByText('16/65000 characters')).toBeInTheDocument();
    await user.click(toggle);
    expect(name).toHaveValue('');
    expect(text).toHaveValue('');
    expect(screen.queryByText('Required field!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      custom_disclosure_active: false,
      custom_disclosure_name: null,
      custom_disclosure_text: null,
    });
  });
});
