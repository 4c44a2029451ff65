import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { Question } from '../../../api/types';
import { MULTIPLE_CHOICE, NUMBERS, YES_NO } from '../../surveys/surveyRules';

export type AskedQuestion = Question & { questionId: number };

/** The builder's questions that can be answered (saved ones, with an id). */
export function askedQuestions(questions: Question[]): AskedQuestion[] {
  return questions.filter((q): q is AskedQuestion => q.questionId != null);
}

/** `answers.{id}` errors for the questions left blank, as the server keys them. */
export function missingAnswers(questions: AskedQuestion[], answers: Record<number, string>) {
  return Object.fromEntries(
    questions
      .filter((q) => !(answers[q.questionId] ?? '').trim())
      .map((q) => [`answers.${q.questionId}`, 'Answer this question']),
  );
}

/** The answers as the survey call takes them. */
export function answerList(questions: AskedQuestion[], answers: Record<number, string>) {
  return questions.map((q) => ({ question_id: q.questionId, answer: answers[q.questionId] ?? '' }));
}

/** Each question answered by its kind: a choice, yes or no, a number, a short text. */
export function SurveyQuestions({
  questions,
  answers,
  errors,
  onChange,
}: {
  questions: AskedQuestion[];
  answers: Record<number, string>;
  errors: Record<string, string>;
  onChange(id: number, value: string): void;
}) {
  return questions.map((q) => {
    const error = errors[`answers.${q.questionId}`];
    const value = answers[q.questionId] ?? '';
    return q.type === MULTIPLE_CHOICE || q.type === YES_NO ? (
      <FormControl key={q.questionId} error={!!error}>
        <FormLabel id={`q-${q.questionId}`}>{q.text}</FormLabel>
        <RadioGroup
          aria-labelledby={`q-${q.questionId}`}
          value={value}
          onChange={(e) => onChange(q.questionId, e.target.value)}
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
        onChange={(e) => onChange(q.questionId, e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: q.type === NUMBERS ? { inputMode: 'decimal' } : { maxLength: 30 } }}
      />
    );
  });
}
