import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';

export interface WizardProps {
  steps: readonly string[];
  /** Index of the step on screen. */
  active: number;
  onBack(): void;
  onNext(): void;
  /** The forward button's text; `Next`, and `Submit` on the last step, by default. */
  nextLabel?: string;
  nextDisabled?: boolean;
  /** While saving: both buttons are disabled. */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The shell of a step-by-step form: the stepper, the step's title and content, Previous and Next
 * (Submit on the last step). The caller decides whether a step may be left (validation) and what
 * Submit does. When the step changes, focus moves to its title so keyboard users start there.
 */
export function Wizard({ steps, active, onBack, onNext, nextLabel, nextDisabled, busy, children }: WizardProps) {
  const title = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    title.current?.focus();
  }, [active]);
  const last = active >= steps.length - 1;
  return (
    <Box>
      <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="h2" ref={title} tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
        {steps[active]}
      </Typography>
      <Box>{children}</Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3 }}>
        <Button variant="outlined" onClick={onBack} disabled={active === 0 || busy}>
          Previous
        </Button>
        <Button variant="contained" onClick={onNext} disabled={nextDisabled || busy}>
          {nextLabel ?? (last ? 'Submit' : 'Next')}
        </Button>
      </Stack>
    </Box>
  );
}
