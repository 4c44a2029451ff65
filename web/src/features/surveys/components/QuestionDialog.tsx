import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { Question } from '../../../api/types';
import { FormTextField } from '../../../components/form';
import {
  ANSWER_TYPES,
  CHOICE_TEXT_LIMIT,
  MAX_CHOICES,
  QUESTION_TEXT_LIMIT,
  TEXT_ANSWER_LIMIT,
  TEXT_STREAM,
  canAddChoice,
  canDeleteChoice,
  choicesForType,
  draftToQuestion,
  hasChoiceStep,
  questionDraftSchema,
  questionToDraft,
  type QuestionDraft,
} from '../surveyRules';

export interface QuestionDialogProps {
  /** The question being edited, or null to add one. */
  question: Question | null;
  busy: boolean;
  /** Saves the question (with the whole list); answers whether it was saved. */
  onSave(question: Question): Promise<boolean>;
  onClose(): void;
}

/**
 * Adding or editing a question in two steps: 1. the question and its answer type; 2. the labels
 * (Multiple Choice only, 1 to 4). Mounted per question, so every opening starts afresh.
 */
export function QuestionDialog({ question, busy, onSave, onClose }: QuestionDialogProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const { control, handleSubmit, trigger, setValue } = useForm<QuestionDraft>({
    resolver: zodResolver(questionDraftSchema),
    defaultValues: questionToDraft(question),
  });
  const choices = useFieldArray({ control, name: 'choices' });
  const type = useWatch({ control, name: 'type' });
  const twoSteps = hasChoiceStep(type);

  const save = handleSubmit(async (draft) => {
    if (await onSave(draftToQuestion(draft, question))) onClose();
  });
  const next = async () => {
    if (await trigger(['text', 'type'])) setStep(2);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {question ? 'Edit Question' : 'Add Question'}
        {twoSteps && (
          <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary' }}>
            Step {step} of 2
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        {step === 1 ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={control}
              name="text"
              label="Question"
              required
              multiline
              minRows={2}
              autoFocus
              slotProps={{ htmlInput: { maxLength: QUESTION_TEXT_LIMIT } }}
            />
            <FormTextField
              control={control}
              name="type"
              label="Answer type"
              select
              required
              hint={type === TEXT_STREAM ? `Visitors answer in at most ${TEXT_ANSWER_LIMIT} characters` : undefined}
              transform={(picked) => {
                const id = picked === '' ? null : Number(picked);
                setValue(
                  'choices',
                  choicesForType(id, question ?? undefined).map((label) => ({ label })),
                );
                return id;
              }}
            >
              {ANSWER_TYPES.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.label}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              1 to {MAX_CHOICES} answers visitors choose from.
            </Typography>
            {choices.fields.map((f, i) => (
              <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <FormTextField
                  control={control}
                  name={`choices.${i}.label`}
                  label={`Label ${i + 1}`}
                  slotProps={{ htmlInput: { maxLength: CHOICE_TEXT_LIMIT } }}
                />
                <IconButton
                  aria-label={`Delete label ${i + 1}`}
                  onClick={() => choices.remove(i)}
                  disabled={!canDeleteChoice(choices.fields.length)}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            ))}
            <Button
              startIcon={<AddIcon />}
              onClick={() => choices.append({ label: '' })}
              disabled={!canAddChoice(choices.fields.length)}
              sx={{ alignSelf: 'flex-start' }}
            >
              Add label
            </Button>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {step === 1 ? (
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        ) : (
          <Button onClick={() => setStep(1)} disabled={busy}>
            Back
          </Button>
        )}
        {step === 1 && twoSteps ? (
          <Button variant="contained" onClick={() => void next()}>
            Next
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void save()} disabled={busy}>
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
