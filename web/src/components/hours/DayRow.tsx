import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';

/** One day of a week's hours editor: the day's switch, its time fields, and its problem. */
export function DayRow({
  name,
  on,
  disabled,
  onToggle,
  problem,
  children,
}: {
  name: string;
  on: boolean;
  disabled: boolean;
  onToggle: (on: boolean) => void;
  problem?: string;
  children: ReactNode;
}) {
  return (
    <Box role="listitem" aria-label={name}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <FormControlLabel
          sx={{ width: 150, mr: 0 }}
          label={name}
          disabled={disabled}
          control={<Switch checked={on} onChange={(e) => onToggle(e.target.checked)} />}
        />
        {children}
      </Stack>
      {problem && (
        <FormHelperText error role="alert" sx={{ ml: 1 }}>
          {name}: {problem}
        </FormHelperText>
      )}
    </Box>
  );
}
