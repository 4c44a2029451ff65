import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferRow } from '../../../api/types';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import OfferDetailPage from './OfferDetailPage';
import OffersListPage from './OffersListPage';

const offer = (id: number, extra: Partial<OfferRow> = {}): OfferRow => ({
  id,
  property_id: 41,
  customer_id: 7,
  floor_plan: 'The Aspen',
  prequalified: true,
  move_in: '2027-01-15',
  comments: 'Can we close before the school year?',
  preferred_contact: 'email',
  firstname: 'Ann',
  lastname: `Lee${id}`,
  phone: '555-201-0000',
  email: 'ann@example.com',
  house_num: '12',
  address_1: '100 Oak Lane',
  created_on: '2026-11-20T15:04:00Z',
  builder_id: 1,
  ...extra,
});

describe('OffersListPage', () => {
  it('is Ready to Buy, latest move-in first, with the contact in words', async () => {
    signInAs({ username: 'demo.pm' });
    const calls = mockRoutes({
      'GET /api/offers': () => ({
        body: { data: [offer(1), offer(2, { preferred_contact: 'phone', prequalified: false })], total: 2 },
      }),
    });
    renderRoute(<OffersListPage />, { path: '/offers', route: '/offers' });
    expect(await screen.findByRole('heading', { name: 'Ready to Buy' })).toBeInTheDocument();
    const first = (await screen.findByText('Lee1')).closest('tr')!;
    expect(within(first).getByText('01/15/2027')).toBeInTheDocument();
    expect(within(first).getByText('Email')).toBeInTheDocument();
    expect(within(first).getByText('Yes')).toBeInTheDocument();
    const second = screen.getByText('Lee2').closest('tr')!;
    expect(within(second).getByText('Phone')).toBeInTheDocument();
    expect(within(second).getByText('No')).toBeInTheDocument();
    const listed = new URLSearchParams(calls.find((c) => c.path === '/api/offers')!.search);
    expect([listed.get('orderBy'), listed.get('order')]).toEqual(['move_in', 'desc']);
    await userEvent.click(within(first).getByText('The Aspen'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/offers\/1$/);
  });

  it('is Ready to Rent for rental accounts', async () => {
    signInAs({ username: 'rental.pm', isRental: true });
    mockRoutes({ 'GET /api/offers': () => ({ body: { data: [], total: 0 } }) });
    renderRoute(<OffersListPage />, { path: '/offers', route: '/offers' });
    expect(await screen.findByRole('heading', { name: 'Ready to Rent' })).toBeInTheDocument();
  });
});

describe('OfferDetailPage', () => {
  it('shows the offer under Ready to Buy, linking its customer and home', async () => {
    signInAs({ username: 'demo.pm' });
    mockRoutes({ 'GET /api/offers/3': () => ({ body: offer(3) }) });
    renderRoute(<OfferDetailPage />, { path: '/offers/:offerId', route: '/offers/3' });
    expect(await screen.findByRole('link', { name: 'Ann Lee3' })).toHaveAttribute('href', '/customers/7');
    expect(screen.getByRole('heading', { level: 1, name: 'Ready to Buy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lot 12 · 100 Oak Lane (41)' })).toHaveAttribute('href', '/properties/41');
    expect(screen.getByText('The Aspen')).toBeInTheDocument();
    expect(screen.getByText('01/15/2027')).toBeInTheDocument();
    expect(screen.getByText('Can we close before the school year?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/offers$/);
  });
});
