import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderRoute } from '../../../test/utils';
import { PreTourSurvey, preTourAnswered } from './PreTourSurvey';

const SESSION = {
  token: 'visitor-token-abcdefghijklmnop',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  firstname: 'Vera',
  lastname: 'Visitor',
};

const QUESTIONS = [
  { questionId: 1, text: 'Own or rent?', type: 2, choices: ['Own', 'Rent'] },
  { questionId: 2, text: 'Bedrooms?', type: 5, choices: [] },
];

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('PreTourSurvey', () => {
  it('asks every question, sends the answers and steps aside', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const calls = mockRoutes({
      'GET /api/tour/brightway-homes/survey/pre': () => ({ body: QUESTIONS }),
      'POST /api/tour/brightway-homes/survey/pre': () => ({ body: { message: 'Thank you for your answers.' } }),
    });
    renderRoute(<PreTourSurvey webflow="brightway-homes" session={SESSION} onDone={onDone} />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('Answer this question')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Rent' }));
    await user.type(screen.getByRole('textbox', { name: 'Bedrooms?' }), '3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      answers: [
        { question_id: 1, answer: 'Rent' },
        { question_id: 2, answer: '3' },
      ],
    });
    expect(preTourAnswered('brightway-homes', SESSION.token)).toBe(true);
  });

  it('steps aside at once when the builder asks nothing', async () => {
    const onDone = vi.fn();
    mockRoutes({ 'GET /api/tour/brightway-homes/survey/pre': () => ({ body: [] }) });
    renderRoute(<PreTourSurvey webflow="brightway-homes" session={SESSION} onDone={onDone} />);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});
