import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TourVisitState } from '../../../api/types';
import { mockRoutes, renderRoute } from '../../../test/utils';
import { branding, tourHome, tourVisit } from '../testFixtures';
import { saveVisitorSession } from '../visitorSession';
import { YES_NO } from '../../surveys/surveyRules';
import TourAfterPage from './TourAfterPage';

const SESSION = {
  token: 'visitor-token',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  firstname: 'Vera',
  lastname: 'Visitor',
};

const QUESTION = { questionId: 3, text: 'Would you like a call?', type: YES_NO, choices: ['Yes', 'No'] };

afterEach(() => {
  saveVisitorSession('brightway-homes', null);
  vi.restoreAllMocks();
});

function open(route: string, visit: () => TourVisitState, more: Parameters<typeof mockRoutes>[0] = {}) {
  const calls = mockRoutes({
    'GET /api/tour/brightway-homes/visits/7': () => ({ body: visit() }),
    'GET /api/tour/brightway-homes/property/15': () => ({ body: tourHome() }),
    'GET /api/tour/brightway-homes/survey/post': () => ({ body: [QUESTION] }),
    ...more,
  });
  renderRoute(<TourAfterPage />, { path: '/tour/:webflow/after/:visit', route });
  return calls;
}

describe('the after-tour page', () => {
  it('signs the visitor in with the texted link’s key and drops it from the address', async () => {
    const calls = open('/tour/brightway-homes/after/7?key=abc123', () => tourVisit({ accessed: true }), {
      'POST /api/tour/brightway-homes/after/7/session': () => ({ body: SESSION }),
    });
    expect(await screen.findByRole('heading', { name: 'Your tour of Lot 18 · 204 Pecan Trail' })).toBeInTheDocument();
    expect(calls[0].body).toEqual({ key: 'abc123' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tour\/brightway-homes\/after\/7$/);
    expect(localStorage.getItem('tourdesk.visitor.brightway-homes')).toContain('visitor-token');
  });

  it('says so when the link no longer works', async () => {
    open('/tour/brightway-homes/after/7?key=old', () => tourVisit(), {
      'POST /api/tour/brightway-homes/after/7/session': () => ({ status: 404, body: { message: 'Not found' } }),
    });
    expect(await screen.findByText(/This link does not work any more/)).toBeInTheDocument();
  });

  it('waits for the door to open before asking about the tour', async () => {
    saveVisitorSession('brightway-homes', SESSION);
    open('/tour/brightway-homes/after/7', () => tourVisit());
    expect(await screen.findByText(/Once you have opened the door with your code/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
  });

  it('sends the stars, what they loved, comments and answers, then thanks them', async () => {
    const user = userEvent.setup();
    saveVisitorSession('brightway-homes', SESSION);
    let sent = false;
    const calls = open('/tour/brightway-homes/after/7', () => tourVisit({ accessed: true, feedback_sent: sent }), {
      'POST /api/tour/brightway-homes/survey/post': () => {
        sent = true;
        return { body: { message: 'Thank you for your answers.' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Answer this question')).toBeInTheDocument();
    const form = within(screen.getByRole('region', { name: 'How was your tour?' }));
    // MUI's Rating reads the pointer's position; a keyboard-like click on the input picks the value.
    fireEvent.click(form.getByRole('radio', { name: '4 Stars' }));
    await user.type(form.getByRole('textbox', { name: 'What did you love?' }), 'the kitchen');
    await user.type(form.getByRole('textbox', { name: 'Comments' }), 'Small yard');
    await user.click(form.getByRole('radio', { name: 'Yes' }));
    await user.click(form.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you for telling us about your tour.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      visit_id: 7,
      rating: 4,
      loved: 'the kitchen',
      comments: 'Small yard',
      answers: [{ question_id: 3, answer: 'Yes' }],
    });
    expect(post?.authorization).toBe('Bearer visitor-token');
  });

  it('takes a Ready to Rent offer and shows the server’s field errors', async () => {
    const user = userEvent.setup();
    saveVisitorSession('brightway-homes', SESSION);
    mockRoutes({
      'GET /api/tour/brightway-homes/visits/7': () => ({ body: tourVisit({ accessed: true, feedback_sent: true }) }),
      'GET /api/tour/brightway-homes/property/15': () => ({
        body: tourHome({ branding: branding({ is_rental: true }) }),
      }),
      'GET /api/tour/brightway-homes/survey/post': () => ({ body: [] }),
      'POST /api/tour/brightway-homes/visits/7/offer': () => ({
        status: 422,
        body: { message: 'Invalid', errors: { move_in: 'Choose a move-in date from today on' } },
      }),
    });
    renderRoute(<TourAfterPage />, { path: '/tour/:webflow/after/:visit', route: '/tour/brightway-homes/after/7' });
    expect(await screen.findByRole('heading', { name: 'Ready to Rent' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Choose a move-in date')).toBeInTheDocument();
    expect(screen.getByText('Choose email or phone')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Move-in date'), '2026-01-01');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose a move-in date from today on')).toBeInTheDocument();
  });
});
