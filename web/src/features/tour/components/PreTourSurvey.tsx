import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/client';
import { answerSurvey, useTourSurvey } from '../api/tour';
import type { VisitorAtHome } from '../visitorSession';
import { useTourSubmit } from '../useTourSubmit';
import { SurveyQuestions, answerList, askedQuestions, missingAnswers } from './SurveyQuestions';

/** Whether this visitor answered the builder's pre-tour questions in this browser. */
const answeredKey = (webflow: string, token: string) => `tourdesk.survey.${webflow}.${token.slice(-16)}`;

export function preTourAnswered(webflow: string, token: string): boolean {
  return localStorage.getItem(answeredKey(webflow, token)) === '1';
}

/**
 * The builder's pre-tour questions, before the visitor tours: each answered by its kind (a
 * choice, yes or no, a number, a short text). With no questions it steps aside at once.
 */
export function PreTourSurvey({ webflow, session, onDone }: Omit<VisitorAtHome, 'propertyId'> & { onDone(): void }) {
  const questions = useTourSurvey(webflow, 'pre');
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const done = useCallback(() => {
    localStorage.setItem(answeredKey(webflow, session.token), '1');
    onDone();
  }, [webflow, session.token, onDone]);
  const { errors, failure, busy, submit } = useTourSubmit(done);
  const none = questions.data !== undefined && askedQuestions(questions.data).length === 0;
  useEffect(() => {
    if (none) done();
  }, [none, done]);

  if (questions.isPending) return <LinearProgress aria-label="Loading the questions" />;
  if (questions.isError) return <Alert severity="error">{errorMessage(questions.error)}</Alert>;
  const list = askedQuestions(questions.data);
  if (list.length === 0) return null;

  const send = () =>
    submit(missingAnswers(list, answers), () =>
      answerSurvey(webflow, 'pre', session.token, { answers: answerList(list, answers) }),
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h2">
        A few questions before your tour
      </Typography>
      <SurveyQuestions
        questions={list}
        answers={answers}
        errors={errors}
        onChange={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button variant="contained" size="large" disabled={busy} onClick={() => void send()}>
        Continue
      </Button>
    </Stack>
  );
}
