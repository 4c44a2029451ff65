import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '../../../api/client';
import type { Question } from '../../../api/types';
import { answerSurvey, useTourSurvey } from '../api/tour';
import type { VisitorAtHome } from '../visitorSession';
import { MULTIPLE_CHOICE, NUMBERS, YES_NO } from '../../surveys/surveyRules';

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const done = useCallback(() => {
    localStorage.setItem(answeredKey(webflow, session.token), '1');
    onDone();
  }, [webflow, session.token, onDone]);
  const none = questions.data !== undefined && !questions.data.some((q) => q.questionId != null);
  useEffect(() => {
    if (none) done();
  }, [none, done]);

  if (questions.isPending) return <LinearProgress aria-label="Loading the questions" />;
  if (questions.isError) return <Alert severity="error">{errorMessage(questions.error)}</Alert>;
  const list = questions.data.filter((q): q is Question & { questionId: number } => q.questionId != null);
  if (list.length === 0) return null;

  const submit = async () => {
    const missing = Object.fromEntries(
      list
        .filter((q) => !(answers[q.questionId] ?? '').trim())
        .map((q) => [`answers.${q.questionId}`, 'Answer this question']),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await answerSurvey(webflow, 'pre', session.token, {
        answers: list.map((q) => ({ question_id: q.questionId, answer: answers[q.questionId] ?? '' })),
      });
      done();
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors(e.errors);
      else setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const set = (id: number, value: string) => setAnswers((a) => ({ ...a, [id]: value }));
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h2">
        A few questions before your tour
      </Typography>
      {list.map((q) => {
        const error = errors[`answers.${q.questionId}`];
        const value = answers[q.questionId] ?? '';
        const choices = q.type === MULTIPLE_CHOICE || q.type === YES_NO;
        return choices ? (
          <FormControl key={q.questionId} error={!!error}>
            <FormLabel id={`q-${q.questionId}`}>{q.text}</FormLabel>
            <RadioGroup
              aria-labelledby={`q-${q.questionId}`}
              value={value}
              onChange={(e) => set(q.questionId, e.target.value)}
            >
              {(q.choices ?? []).map((c) => (
                <FormControlLabel key={c} value={c} control={<Radio />} label={c} />
              ))}
            </RadioGroup>
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
        ) : (
          <TextField
            key={q.questionId}
            label={q.text}
            value={value}
            onChange={(e) => set(q.questionId, e.target.value)}
            error={!!error}
            helperText={error}
            slotProps={{ htmlInput: q.type === NUMBERS ? { inputMode: 'decimal' } : { maxLength: 30 } }}
          />
        );
      })}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button variant="contained" size="large" disabled={busy} onClick={() => void submit()}>
        Continue
      </Button>
    </Stack>
  );
}
