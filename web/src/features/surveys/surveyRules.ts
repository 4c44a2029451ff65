// Survey editor rules (spec 3 sections 4, 5 and 9).
import { z } from 'zod';
import type { Question } from '../../api/types';

export type SurveyKind = 'pre' | 'post';

export const MULTIPLE_CHOICE = 2;
export const YES_NO = 3;
export const TEXT_STREAM = 4;
export const NUMBERS = 5;

export const ANSWER_TYPES: readonly { id: number; label: string }[] = [
  { id: MULTIPLE_CHOICE, label: 'Multiple Choice' },
  { id: YES_NO, label: 'Yes/No' },
  { id: TEXT_STREAM, label: 'Text Stream' },
  { id: NUMBERS, label: 'Numbers' },
];
export const answerTypeLabel = (type: number | null | undefined) =>
  ANSWER_TYPES.find((t) => t.id === type)?.label ?? 'Unknown';

export const MSG_QUESTION = 'Question field is required';
export const MSG_TYPE = 'Answer type field is required';
export const MSG_CHOICE = 'Fill or delete this field';
export const MAX_CHOICES = 4;
export const TEXT_ANSWER_LIMIT = 30;
export const QUESTION_TEXT_LIMIT = 500;
export const CHOICE_TEXT_LIMIT = 100;

export interface SurveySpec {
  title: string;
  /** When visitors answer. */
  when: string;
  limit: number;
  /** The first question can be neither edited nor deleted (pre-tour). */
  fixedFirst: boolean;
}

export const SURVEYS: Record<SurveyKind, SurveySpec> = {
  pre: { title: 'Pre-Tour Survey', when: 'before their tour', limit: 5, fixedFirst: true },
  post: { title: 'Post-Tour Survey', when: 'after their tour', limit: 2, fixedFirst: false },
};

export const canAddQuestion = (survey: SurveySpec, count: number) => count < survey.limit;
export const isFixedQuestion = (survey: SurveySpec, index: number) => survey.fixedFirst && index === 0;
export const canAddChoice = (count: number) => count < MAX_CHOICES;
/** At least one label must remain. */
export const canDeleteChoice = (count: number) => count >= 2;

/**
 * The labels a question gets when its answer type is chosen: Yes/No presets Yes and No; Multiple
 * Choice keeps the question's own labels when it already was one, else four empty labels; the
 * other types have none.
 */
export function choicesForType(type: number | null, original?: Pick<Question, 'type' | 'choices'>): string[] {
  if (type === YES_NO) return ['Yes', 'No'];
  if (type !== MULTIPLE_CHOICE) return [];
  if (original?.type === MULTIPLE_CHOICE && original.choices?.length) return [...original.choices];
  return ['', '', '', ''];
}

export const questionDraftSchema = z
  .object({
    text: z.string().trim().min(1, MSG_QUESTION).max(QUESTION_TEXT_LIMIT, `At most ${QUESTION_TEXT_LIMIT} characters`),
    type: z.number().nullable(),
    choices: z.array(z.object({ label: z.string() })),
  })
  .superRefine((v, ctx) => {
    if (v.type === null) ctx.addIssue({ code: 'custom', path: ['type'], message: MSG_TYPE });
    if (v.type !== MULTIPLE_CHOICE) return;
    v.choices.forEach((c, i) => {
      if (!c.label.trim()) ctx.addIssue({ code: 'custom', path: ['choices', i, 'label'], message: MSG_CHOICE });
    });
  });
export type QuestionDraft = z.infer<typeof questionDraftSchema>;

export function questionToDraft(q: Question | null): QuestionDraft {
  return {
    text: q?.text ?? '',
    type: q?.type ?? null,
    choices: (q?.choices ?? []).map((label) => ({ label })),
  };
}

export function draftToQuestion(d: QuestionDraft, original: Question | null): Question {
  return {
    questionId: original?.questionId ?? null,
    text: d.text.trim(),
    type: d.type,
    choices: d.type === MULTIPLE_CHOICE || d.type === YES_NO ? d.choices.map((c) => c.label.trim()) : [],
  };
}

/** Does step 2 (the labels) exist for this answer type? */
export const hasChoiceStep = (type: number | null) => type === MULTIPLE_CHOICE;
