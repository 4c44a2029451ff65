import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS } from '../../../test/fixtures';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import MessagingPage from './MessagingPage';

function open(settings = SETTINGS) {
  const calls = mockRoutes({
    'GET /api/builders/settings/5': () => ({ body: settings }),
    'GET /api/builders/settings/messaging/preview': (c) => ({
      body: {
        values: {
          company_name: 'Brightway Homes',
          ...(c.search.includes('communityId=11') ? { community_name: 'Oak Ridge' } : {}),
          ...(c.search.includes('propertyId=70') ? { property_address: '148 Oak Lane' } : {}),
        },
      },
    }),
    'GET /api/communities/builder/5': () => ({ body: [{ id: 11, name: 'Oak Ridge' }] }),
    'GET /api/properties': () => ({
      body: { data: [{ property_id: 70, house_num: '12', address_1: '148 Oak Lane', city: 'Austin' }], total: 1 },
    }),
    'POST /api/builders/settings/messaging': () => ({ body: { message: 'Saved!' } }),
  });
  renderRoute(<MessagingPage />, { route: '/messaging' });
  return calls;
}

const submit = () => screen.getByRole('button', { name: 'Submit' });
const afterTour = () => screen.findByRole('region', { name: 'After Tour' });

beforeEach(() => signInAs({ username: 'demo.pm', builderId: 5 }));

describe('MessagingPage', { timeout: 30_000 }, () => {
  it('counts characters and disables Submit from 240 characters, red only above 240', async () => {
    const user = userEvent.setup();
    open();
    const box = await afterTour();
    await user.click(within(box).getByRole('switch', { name: 'After Tour message' }));
    expect(within(box).getByRole('combobox', { name: 'Interval' })).toHaveTextContent('30 minutes');
    const text = within(box).getByLabelText('After Tour text');

    await user.click(text);
    await user.paste('a'.repeat(239));
    expect(within(box).getByText('239/240 characters')).toHaveAttribute('data-over', 'false');
    expect(submit()).toBeEnabled();

    await user.type(text, 'b');
    expect(within(box).getByText('240/240 characters')).toHaveAttribute('data-over', 'false');
    expect(submit()).toBeDisabled();

    await user.type(text, 'c');
    expect(within(box).getByText('241/240 characters')).toHaveAttribute('data-over', 'true');
    expect(submit()).toBeDisabled();

    // Switching the box off takes it out of the rule.
    await user.click(within(box).getByRole('switch', { name: 'After Tour message' }));
    expect(submit()).toBeEnabled();
  });

  it('saves switched-off messages and intervals as null', async () => {
    const user = userEvent.setup();
    const calls = open({ ...SETTINGS, during_tour_message: 'Enjoy the tour!', during_tour_message_interval: '2 min' });
    await afterTour();
    await user.click(submit());
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      during_tour_message: 'Enjoy the tour!',
      during_tour_message_interval: '2 min',
      after_tour_message: null,
      after_tour_message_interval: null,
      scheduled_tour_message: null,
    });
  });

  it('opens the variables on @ and replaces the @ with the picked one', async () => {
    const user = userEvent.setup();
    open();
    const box = await afterTour();
    await user.click(within(box).getByRole('switch', { name: 'After Tour message' }));
    const text = within(box).getByLabelText('After Tour text');
    await user.type(text, 'Thanks for visiting @');
    const list = await screen.findByRole('listbox', { name: 'Variables' });
    expect(list).toHaveStyle({ maxHeight: '400px' });
    expect(within(list).getAllByRole('option')).toHaveLength(15);

    await user.type(text, 'comm');
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    await user.click(within(list).getByRole('option', { name: /community_name/ }));
    expect(text).toHaveValue('Thanks for visiting {{community_name}}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // The preview takes the community's values once one is chosen.
    expect(screen.getByTestId('after-preview')).toHaveTextContent('Thanks for visiting {{community_name}}');
    await user.click(screen.getByRole('combobox', { name: 'Select Community Preview' }));
    await user.click(await screen.findByRole('option', { name: 'Oak Ridge' }));
    await waitFor(() => expect(screen.getByTestId('after-preview')).toHaveTextContent('Thanks for visiting Oak Ridge'));
  });

  it('fills the property variables from the property picked under Select Property Preview', async () => {
    const user = userEvent.setup();
    const calls = open();
    await afterTour();
    const row = () => screen.getByRole('row', { name: /property_address/ });
    expect(row()).toHaveTextContent('—');
    await user.click(screen.getByRole('combobox', { name: 'Select Property Preview' }));
    await user.click(await screen.findByRole('option', { name: 'Lot 12 · 148 Oak Lane, Austin' }));
    await waitFor(() => expect(row()).toHaveTextContent('148 Oak Lane'));
    const search = calls.find((c) => c.path === '/api/properties');
    expect(search?.search).toContain('limit=25');
    expect(calls.some((c) => c.path.endsWith('/preview') && c.search.includes('propertyId=70'))).toBe(true);
  });

  it('picks a variable with the keyboard and closes the list on Escape', async () => {
    const user = userEvent.setup();
    open();
    const box = await screen.findByRole('region', { name: 'Scheduled Tour' });
    await user.click(within(box).getByRole('switch', { name: 'Scheduled Tour message' }));
    const text = within(box).getByLabelText('Scheduled Tour text');
    await user.type(text, 'See you @');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(text, ' @sched');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(text).toHaveValue('See you @ {{scheduled_tour_time}}');
  });
});
