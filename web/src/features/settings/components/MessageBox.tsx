import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INTERVALS,
  MESSAGE_LIMIT,
  characterCount,
  intervalLabel,
  renderTemplate,
  toggled,
  type MessageBoxSpec,
  type MessageState,
  type MessagingValues,
} from '../messaging';
import type { HomeWords } from '../wording';
import { CharacterCount } from './CharacterCount';
import { VariableTextField } from './VariableTextField';

/** One follow-up text: switch, interval, the text with its counter, and its preview. */
export function MessageBox({
  box,
  control,
  errors,
  values,
  words,
}: {
  box: MessageBoxSpec;
  control: Control<MessagingValues>;
  errors: FieldErrors<MessagingValues>;
  /** Variable values for the preview. */
  values: Record<string, string>;
  words: HomeWords;
}) {
  const boxErrors = errors[box.kind];
  return (
    <Controller
      control={control}
      name={box.kind}
      render={({ field }) => {
        const state = field.value;
        const set = (next: MessageState) => field.onChange(next);
        const preview = renderTemplate(state.text, values);
        return (
          <Paper variant="outlined" component="section" aria-label={box.title} sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Box>
                <Typography variant="h3">{box.title}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {box.when}
                </Typography>
              </Box>
              <FormControlLabel
                label={state.on ? 'On' : 'Off'}
                control={
                  <Switch
                    checked={state.on}
                    onChange={(e) => set(toggled(box, state, e.target.checked))}
                    slotProps={{ input: { 'aria-label': `${box.title} message` } }}
                  />
                }
              />
            </Stack>
            <Stack spacing={1.5}>
              {box.intervalField && (
                <TextField
                  select
                  label="Interval"
                  value={state.interval ?? ''}
                  disabled={!state.on}
                  onChange={(e) => set({ ...state, interval: e.target.value })}
                  error={!!boxErrors?.interval}
                  helperText={boxErrors?.interval?.message}
                  sx={{ maxWidth: 240 }}
                >
                  {INTERVALS.map((i) => (
                    <MenuItem key={i} value={i}>
                      {intervalLabel(i)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <Box>
                <VariableTextField
                  label={`${box.title} text`}
                  value={state.text}
                  onChange={(text) => set({ ...state, text })}
                  words={words}
                  disabled={!state.on}
                  error={!!boxErrors?.text}
                  helperText={boxErrors?.text?.message ?? 'Type @ to insert a variable'}
                />
                <CharacterCount count={characterCount(state.text)} limit={MESSAGE_LIMIT} />
              </Box>
              {state.on && (
                <Box>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    Preview
                  </Typography>
                  <Box
                    data-testid={`${box.kind}-preview`}
                    sx={{ p: 1.5, bgcolor: 'grey.100', borderRadius: 1, whiteSpace: 'pre-wrap', minHeight: 40 }}
                  >
                    {preview.text}
                  </Box>
                  {preview.unknown.length > 0 && (
                    <Alert severity="warning" sx={{ mt: 1 }}>
                      Unknown variables: {preview.unknown.map((u) => `{{${u}}}`).join(', ')}
                    </Alert>
                  )}
                </Box>
              )}
            </Stack>
          </Paper>
        );
      }}
    />
  );
}
