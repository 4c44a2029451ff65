import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Question, QuestionsInput } from '../../../api/types';
import { builderSelection } from '../../../app/builderSelection';
import { mockRoutes, renderRoute, signInAs } from '../../../test/utils';
import { CHOOSE_IN_TOP_BAR } from '../../settings/builderScope';
import SurveyPage from './SurveyPage';

const DEFAULTS: Question[] = [
  {
    questionId: 1,
    text: 'Do you currently own, rent, live with family or other?',
    type: 2,
    choices: ['Own', 'Rent', 'Live /w Fam', 'Other'],
  },
  { questionId: 2, text: "Are you working with a buyer's or leasing agent?", type: 3, choices: ['Yes', 'No'] },
  {
    questionId: 3,
    text: 'How long until you are ready to buy or rent?',
    type: 2,
    choices: ['Now', '1-3 Month', '3-6 Month', 'Not sure'],
  },
];

function open(kind: 'pre' | 'post', questions: Question[]) {
  const path = kind === 'pre' ? '/api/survey/questions' : '/api/survey/postTour/questions';
  const message = kind === 'pre' ? 'Questions updated' : 'Post Tour Questions updated';
  const calls = mockRoutes({
    [`GET ${path}`]: () => ({ body: questions }),
    [`POST ${path}`]: (c) => ({
      body: {
        message,
        questions: (c.body as QuestionsInput).questions.map((q, i) => ({ ...q, questionId: q.questionId ?? 100 + i })),
      },
    }),
  });
  renderRoute(<SurveyPage kind={kind} />, { route: kind === 'pre' ? '/pre-tour-survey' : '/post-tour-survey' });
  return calls;
}

const saved = (calls: ReturnType<typeof open>) =>
  (calls.filter((c) => c.method === 'POST').at(-1)?.body as QuestionsInput).questions;

beforeEach(() => {
  builderSelection.reset();
  signInAs({ username: 'demo.pm', builderId: 5 });
});

describe('SurveyPage', () => {
  it('never lets the first pre-tour question be edited or deleted, and deletes others at once', async () => {
    const user = userEvent.setup();
    const calls = open('pre', DEFAULTS);
    await screen.findByRole('list', { name: 'Questions' });
    expect(screen.getByRole('button', { name: 'Edit question 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete question 1' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete question 2' }));
    expect(await screen.findByText('Questions updated')).toBeInTheDocument();
    expect(saved(calls).map((q) => q.questionId)).toEqual([1, 3]);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('adds a Multiple Choice question in two steps with 1 to 4 labels', async () => {
    const user = userEvent.setup();
    const calls = open('pre', DEFAULTS);
    await user.click(await screen.findByRole('button', { name: 'Add Question' }));
    const dialog = screen.getByRole('dialog', { name: /Add Question/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Question field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Answer type field is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Question/), 'What is your budget?');
    await user.click(within(dialog).getByRole('combobox', { name: /Answer type/ }));
    await user.click(await screen.findByRole('option', { name: 'Multiple Choice' }));
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Four empty labels to start with; at most four, at least one.
    expect(within(dialog).getAllByLabelText(/^Label \d/)).toHaveLength(4);
    expect(within(dialog).getByRole('button', { name: 'Add label' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Label 1'), 'Under 300k');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Fill or delete this field')).toHaveLength(3);

    for (let i = 0; i < 3; i++) await user.click(within(dialog).getByRole('button', { name: 'Delete label 2' }));
    expect(within(dialog).getByRole('button', { name: 'Delete label 1' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    await user.type(within(dialog).getByLabelText('Label 2'), 'Over 300k');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Questions updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved(calls).at(-1)).toEqual({
      questionId: null,
      text: 'What is your budget?',
      type: 2,
      choices: ['Under 300k', 'Over 300k'],
    });
    expect(screen.getByText('4. What is your budget?')).toBeInTheDocument();
  });

  it('presets Yes/No, saves other types in one step, and stops at the limit', async () => {
    const user = userEvent.setup();
    const calls = open('post', [{ questionId: 7, text: 'How was the tour?', type: 4, choices: [] }]);
    await user.click(await screen.findByRole('button', { name: 'Edit question 1' }));
    const dialog = screen.getByRole('dialog', { name: /Edit Question/ });
    expect(within(dialog).getByLabelText(/^Question/)).toHaveValue('How was the tour?');
    await user.click(within(dialog).getByRole('combobox', { name: /Answer type/ }));
    await user.click(await screen.findByRole('option', { name: 'Yes/No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post Tour Questions updated')).toBeInTheDocument();
    expect(saved(calls)).toEqual([{ questionId: 7, text: 'How was the tour?', type: 3, choices: ['Yes', 'No'] }]);

    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    const add = screen.getByRole('dialog', { name: /Add Question/ });
    await user.type(within(add).getByLabelText(/^Question/), 'How many bedrooms do you need?');
    await user.click(within(add).getByRole('combobox', { name: /Answer type/ }));
    await user.click(await screen.findByRole('option', { name: 'Numbers' }));
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Add Question' })).toBeDisabled();
  });

  it('asks an enterprise user with All Builders to choose a builder', async () => {
    signInAs({ username: 'ent.user', isEnterprise: true, isPM: false });
    builderSelection.set(0);
    mockRoutes({
      'GET /api/builders/enterprise/ent.user': () => ({ body: [{ builder_id: 5, name: 'Brightway Homes' }] }),
    });
    renderRoute(<SurveyPage kind="pre" />, { route: '/pre-tour-survey' });
    expect(await screen.findByText(CHOOSE_IN_TOP_BAR)).toBeInTheDocument();
  });
});
