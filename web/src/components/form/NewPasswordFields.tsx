import { useState } from 'react';
import TextField from '@mui/material/TextField';

/** State of a new password typed twice: editing either field clears the mismatch. */
export interface NewPassword {
  password: string;
  confirm: string;
  mismatch: boolean;
  /** Both fields hold something. */
  filled: boolean;
  setPassword(value: string): void;
  setConfirm(value: string): void;
  /** True when the two match; otherwise flags the mismatch (shown under Confirm password). */
  check(): boolean;
  clear(): void;
}

/** `onEdit` runs on every keystroke in either field (to clear other errors). */
export function useNewPassword(onEdit?: () => void): NewPassword {
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirmValue] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const edit = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    setMismatch(false);
    onEdit?.();
  };
  return {
    password,
    confirm,
    mismatch,
    filled: password !== '' && confirm !== '',
    setPassword: edit(setPasswordValue),
    setConfirm: edit(setConfirmValue),
    check: () => {
      if (password === confirm) return true;
      setMismatch(true);
      return false;
    },
    clear: () => {
      setPasswordValue('');
      setConfirmValue('');
      setMismatch(false);
    },
  };
}

/** The `Password` and `Confirm password` fields of a `useNewPassword` state. */
export function NewPasswordFields({
  state,
  mismatchMessage,
  autoFocus,
}: {
  state: NewPassword;
  /** Shown under Confirm password after a failed `check()`. */
  mismatchMessage: string;
  autoFocus?: boolean;
}) {
  const hidden = { type: 'password', autoComplete: 'new-password', fullWidth: true } as const;
  return (
    <>
      <TextField
        {...hidden}
        label="Password"
        value={state.password}
        onChange={(e) => state.setPassword(e.target.value)}
        autoFocus={autoFocus}
      />
      <TextField
        {...hidden}
        label="Confirm password"
        value={state.confirm}
        onChange={(e) => state.setConfirm(e.target.value)}
        error={state.mismatch}
        helperText={state.mismatch ? mismatchMessage : undefined}
      />
    </>
  );
}
