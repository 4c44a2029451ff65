import { describe, expect, it } from 'vitest';
import {
  MSG_CHOICE,
  MSG_QUESTION,
  MSG_TYPE,
  MULTIPLE_CHOICE,
  NUMBERS,
  SURVEYS,
  TEXT_STREAM,
  YES_NO,
  canAddChoice,
  canAddQuestion,
  canDeleteChoice,
  choicesForType,
  draftToQuestion,
  isFixedQuestion,
  questionDraftSchema,
} from './surveyRules';

const issues = (draft: unknown) =>
  questionDraftSchema.safeParse(draft).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('survey rules', () => {
  it('limits pre-tour surveys to 5 questions and post-tour ones to 2', () => {
    expect(canAddQuestion(SURVEYS.pre, 4)).toBe(true);
    expect(canAddQuestion(SURVEYS.pre, 5)).toBe(false);
    expect(canAddQuestion(SURVEYS.post, 1)).toBe(true);
    expect(canAddQuestion(SURVEYS.post, 2)).toBe(false);
  });

  it('fixes the first pre-tour question only', () => {
    expect(isFixedQuestion(SURVEYS.pre, 0)).toBe(true);
    expect(isFixedQuestion(SURVEYS.pre, 1)).toBe(false);
    expect(isFixedQuestion(SURVEYS.post, 0)).toBe(false);
  });

  it('keeps 1 to 4 labels', () => {
    expect(canAddChoice(3)).toBe(true);
    expect(canAddChoice(4)).toBe(false);
    expect(canDeleteChoice(2)).toBe(true);
    expect(canDeleteChoice(1)).toBe(false);
  });

  it('presets the labels by answer type', () => {
    expect(choicesForType(YES_NO)).toEqual(['Yes', 'No']);
    expect(choicesForType(MULTIPLE_CHOICE)).toEqual(['', '', '', '']);
    expect(choicesForType(MULTIPLE_CHOICE, { type: MULTIPLE_CHOICE, choices: ['Now', 'Later'] })).toEqual([
      'Now',
      'Later',
    ]);
    expect(choicesForType(MULTIPLE_CHOICE, { type: YES_NO, choices: ['Yes', 'No'] })).toEqual(['', '', '', '']);
    expect(choicesForType(TEXT_STREAM)).toEqual([]);
    expect(choicesForType(NUMBERS)).toEqual([]);
    expect(choicesForType(null)).toEqual([]);
  });

  it('requires the question, its answer type and every Multiple Choice label', () => {
    expect(issues({ text: ' ', type: null, choices: [] })).toEqual([
      ['text', MSG_QUESTION],
      ['type', MSG_TYPE],
    ]);
    expect(issues({ text: 'Budget?', type: MULTIPLE_CHOICE, choices: [{ label: 'Low' }, { label: ' ' }] })).toEqual([
      ['choices.1.label', MSG_CHOICE],
    ]);
    // Labels of other types are not checked (they are not sent).
    expect(issues({ text: 'Rooms?', type: NUMBERS, choices: [{ label: '' }] })).toEqual([]);
  });

  it('sends labels for Multiple Choice and Yes/No only', () => {
    const draft = { text: ' Rooms? ', type: NUMBERS, choices: [{ label: 'x' }] };
    expect(draftToQuestion(draft, { questionId: 4, text: 'old', type: 2, choices: [] })).toEqual({
      questionId: 4,
      text: 'Rooms?',
      type: NUMBERS,
      choices: [],
    });
  });
});
