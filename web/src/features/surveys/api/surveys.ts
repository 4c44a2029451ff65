import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Question, QuestionsInput, QuestionsSaved } from '../../../api/types';
import type { SurveyKind } from '../surveyRules';

const PATHS: Record<SurveyKind, string> = { pre: '/survey/questions', post: '/survey/postTour/questions' };

export const surveyKey = (kind: SurveyKind, builderId: number | null) => ['survey', kind, builderId] as const;

/** The whole question list of a survey (`builderId` for users who choose). */
export function useSurveyQuestions(kind: SurveyKind, builderId: number | null, choice: number | undefined) {
  return useQuery({
    queryKey: surveyKey(kind, builderId),
    queryFn: ({ signal }) => api<Question[]>(PATHS[kind], { query: { builderId: choice }, signal }),
    enabled: builderId !== null,
    staleTime: 0,
  });
}

/** Saves the whole list; answers the message and the list as stored. */
export function saveSurveyQuestions(kind: SurveyKind, questions: Question[], choice: number | undefined) {
  const body: QuestionsInput = { builder_id: choice, questions };
  return api<QuestionsSaved>(PATHS[kind], { method: 'POST', body });
}
