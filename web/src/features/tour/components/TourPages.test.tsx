import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderRoute } from '../../../test/utils';
import { branding, tourHome as home } from '../testFixtures';
import TourCommunityPage from './TourCommunityPage';
import TourHomePage from './TourHomePage';

afterEach(() => vi.restoreAllMocks());

describe('the visitor’s home page', () => {
  it('shows the home, its photos, price, rooms, tour hours and community', async () => {
    const calls = mockRoutes({ 'GET /api/tour/brightway-homes/property/15': () => ({ body: home() }) });
    renderRoute(<TourHomePage />, { path: '/tour/:webflow/property/:id', route: '/tour/brightway-homes/property/15' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lot 18 · 204 Pecan Trail' })).toBeInTheDocument();
    expect(screen.getByText('Brightway Homes')).toBeInTheDocument();
    expect(screen.getByText('$425,000')).toBeInTheDocument();
    expect(screen.getByText('3 beds · 2.5 baths · 1,850 sq ft')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Photos' })).getAllByRole('img')).toHaveLength(2);
    const hours = screen.getByRole('table', { name: 'Self-tour hours' });
    expect(within(hours).getByRole('row', { name: 'Sunday Closed' })).toBeInTheDocument();
    expect(within(hours).getByRole('row', { name: 'Monday 9:00 AM - 6:00 PM' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Self-tour hours (CT)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More homes in Oak Ridge' })).toHaveAttribute(
      'href',
      '/tour/brightway-homes/community/4',
    );
    expect(screen.queryByText(/not open to self-tours/)).not.toBeInTheDocument();
    expect(calls[0].authorization).toBeUndefined();
  });

  it('gives a rental its monthly rent and says when a home takes no tours', async () => {
    mockRoutes({
      'GET /api/tour/brightway-rentals/property/15': () => ({
        body: home({ branding: branding({ is_rental: true }), price: 2100, open_to_tours: false, photos: [] }),
      }),
    });
    renderRoute(<TourHomePage />, {
      path: '/tour/:webflow/property/:id',
      route: '/tour/brightway-rentals/property/15',
    });
    expect(await screen.findByText('$2,100/month')).toBeInTheDocument();
    expect(screen.getByText('This home is not open to self-tours right now.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photos' })).not.toBeInTheDocument();
  });

  it('says what the builder’s content settings say, and the default wording where they say nothing', async () => {
    mockRoutes({
      'GET /api/tour/brightway-homes/property/15': () => ({
        body: home({
          branding: branding({
            content_settings: {
              self_tour_scheduling_title: 'See it your way',
              step_2_title: 'Choose',
              step_3_title: '',
            },
          }),
        }),
      }),
    });
    renderRoute(<TourHomePage />, { path: '/tour/:webflow/property/:id', route: '/tour/brightway-homes/property/15' });
    expect(await screen.findByRole('heading', { level: 2, name: 'See it your way' })).toBeInTheDocument();
    expect(screen.getByText('No appointment and no agent: just you, on your schedule.')).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps.map((s) => within(s).getByRole('heading').textContent)).toEqual([
      'Verify',
      'Choose',
      'Get your code',
      'Tour and lock up',
    ]);
    const touring = screen.getByRole('region', { name: 'Self tours on your own time' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start touring' }));
    expect(touring).toHaveFocus();
    expect(within(touring).getByRole('heading', { name: "Who's touring?" })).toBeInTheDocument();
  });

  it('says so when the home does not exist', async () => {
    mockRoutes({
      'GET /api/tour/brightway-homes/property/15': () => ({ status: 404, body: { message: 'No record exist!' } }),
    });
    renderRoute(<TourHomePage />, { path: '/tour/:webflow/property/:id', route: '/tour/brightway-homes/property/15' });
    expect(await screen.findByRole('heading', { name: 'This home could not be found' })).toBeInTheDocument();
  });

  it('offers Retry when loading fails', async () => {
    let failing = true;
    mockRoutes({
      'GET /api/tour/brightway-homes/property/15': () =>
        failing ? { status: 503, body: { message: 'Unavailable' } } : { body: home() },
    });
    renderRoute(<TourHomePage />, { path: '/tour/:webflow/property/:id', route: '/tour/brightway-homes/property/15' });
    const retry = await screen.findByRole('button', { name: /retry/i }, { timeout: 5000 });
    failing = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lot 18 · 204 Pecan Trail' })).toBeInTheDocument();
  });
});

describe('the visitor’s community page', () => {
  it('lists the homes open to tours, each opening its page', async () => {
    mockRoutes({
      'GET /api/tour/brightway-homes/community/4': () => ({
        body: {
          branding: branding(),
          id: 4,
          name: 'Oak Ridge',
          city: 'Georgetown',
          state: 'TX',
          website: 'https://oakridge.example.com',
          homes: [
            {
              property_id: 15,
              house_num: '18',
              address_1: '204 Pecan Trail',
              city: 'Georgetown',
              price: 425000,
              bedrooms: 3,
              page: null,
            },
          ],
        },
      }),
    });
    renderRoute(<TourCommunityPage />, {
      path: '/tour/:webflow/community/:id',
      route: '/tour/brightway-homes/community/4',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oak Ridge' })).toBeInTheDocument();
    const card = screen.getByRole('link', { name: /Lot 18 · 204 Pecan Trail/ });
    expect(card).toHaveAttribute('href', '/tour/brightway-homes/property/15');
    expect(within(card).getByText('$425,000 · 3 beds')).toBeInTheDocument();
    await userEvent.setup().click(card);
    expect(screen.getByTestId('location')).toHaveTextContent('/tour/brightway-homes/property/15');
  });
});
