import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import type { Question } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { serverErrorText } from '../../../components/form';
import { ScopeStatus, useBuilderScope, type SettingsTarget } from '../../settings/builderScope';
import { saveSurveyQuestions, surveyKey, useSurveyQuestions } from '../api/surveys';
import { SURVEYS, answerTypeLabel, canAddQuestion, isFixedQuestion, type SurveyKind } from '../surveyRules';
import { QuestionDialog } from './QuestionDialog';

/** /pre-tour-survey and /post-tour-survey. */
export default function SurveyPage({ kind }: { kind: SurveyKind }) {
  const scope = useBuilderScope();
  const builderId = scope.target?.builderId ?? null;
  const questions = useSurveyQuestions(kind, builderId, scope.target?.choice);
  if (!scope.target || !questions.data)
    return <ScopeStatus title={SURVEYS[kind].title} scope={scope} query={questions} what="Questions" />;
  return <SurveyEditor key={`${kind}-${builderId}`} kind={kind} target={scope.target} questions={questions.data} />;
}

/** Which question the dialog is open for: a new one, or the one at `index`. */
type Editing = { index: number | null } | null;

function SurveyEditor({
  kind,
  target,
  questions,
}: {
  kind: SurveyKind;
  target: SettingsTarget;
  questions: Question[];
}) {
  const survey = SURVEYS[kind];
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const full = !canAddQuestion(survey, questions.length);

  /** Saves the whole list; every change (add, edit, delete) is saved at once. */
  const save = async (next: Question[]): Promise<boolean> => {
    setBusy(true);
    try {
      const res = await saveSurveyQuestions(kind, next, target.choice);
      queryClient.setQueryData(surveyKey(kind, target.builderId), res.questions);
      notify.success(res.message);
      return true;
    } catch (e) {
      notify.error(serverErrorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const saveEdited = (question: Question) =>
    save(
      editing?.index == null ? [...questions, question] : questions.map((q, i) => (i === editing.index ? question : q)),
    );

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {survey.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Up to {survey.limit} questions visitors answer {survey.when}.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 880 }}>
        {questions.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 2 }}>No questions yet.</Typography>
        ) : (
          <List aria-label="Questions" disablePadding>
            {questions.map((q, i) => {
              const fixed = isFixedQuestion(survey, i);
              const n = i + 1;
              const actions = (
                <Stack direction="row">
                  <IconButton
                    aria-label={`Edit question ${n}`}
                    disabled={fixed || busy}
                    onClick={() => setEditing({ index: i })}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`Delete question ${n}`}
                    disabled={fixed || busy}
                    onClick={() => void save(questions.filter((_, j) => j !== i))}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Stack>
              );
              return (
                <ListItem
                  key={q.questionId ?? `new-${i}`}
                  divider={i < questions.length - 1}
                  secondaryAction={
                    fixed ? (
                      <Tooltip title="The first question can be neither edited nor deleted">
                        <span>{actions}</span>
                      </Tooltip>
                    ) : (
                      actions
                    )
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={`${n}. ${q.text}`}
                    secondary={
                      <Stack
                        component="span"
                        direction="row"
                        spacing={0.5}
                        sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}
                      >
                        <Chip component="span" size="small" color="primary" label={answerTypeLabel(q.type)} />
                        {(q.choices ?? []).map((c, j) => (
                          <Chip component="span" key={j} size="small" variant="outlined" label={c} />
                        ))}
                      </Stack>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={full || busy}
            onClick={() => setEditing({ index: null })}
          >
            Add Question
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {questions.length} of {survey.limit} questions
          </Typography>
        </Stack>
      </Paper>
      {editing && (
        <QuestionDialog
          question={editing.index === null ? null : questions[editing.index]}
          busy={busy}
          onSave={saveEdited}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
