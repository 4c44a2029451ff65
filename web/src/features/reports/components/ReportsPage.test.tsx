import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, signInAs } from '../../../test/utils';
import { defaultStartDate, todayIso } from '../reportDates';
import ReportsPage from './ReportsPage';

describe('ReportsPage', () => {
  it('opens the reports only once both dates are set and right', () => {
    signInAs({ username: 'demo.pm' });
    renderRoute(<ReportsPage />, { path: '/reports', route: '/reports' });
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(start.value).toBe(defaultStartDate());
    // No end date yet: the three cards are inert, the other three come later.
    const inert = screen.getByRole('link', { name: 'Visit Report' });
    expect(inert).toHaveAttribute('aria-disabled', 'true');
    expect(inert).not.toHaveAttribute('href');
    expect(screen.getAllByText('Coming Soon')).toHaveLength(3);

    const end = screen.getByLabelText('End date');
    fireEvent.change(end, { target: { value: todayIso() } });
    const visit = screen.getByRole('link', { name: /Visit Report/ });
    expect(visit).not.toHaveAttribute('aria-disabled');
    expect(visit).toHaveAttribute('href', `/reportVisit?startDate=${defaultStartDate()}&endDate=${todayIso()}`);
    expect(screen.getByRole('link', { name: /Market Report/ }).getAttribute('href')).toMatch(/^\/reportMarket\?/);

    // A start after the end: the rule's message, and the cards inert again.
    fireEvent.change(start, { target: { value: '2099-01-01' } });
    expect(screen.getByText('Start date cannot be later than end date')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Report' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.change(end, { target: { value: '2099-01-02' } });
    expect(screen.getByText('End date cannot be later than today')).toBeInTheDocument();
  });
});
