import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ApiError, errorMessage } from '../../../../api/client';
import type { MessageBody, SetPointsInput } from '../../../../api/types';
import { useNotify } from '../../../../app/notify';

type Field = 'heat_set_point' | 'cool_set_point';
const FIELDS: { key: Field; label: string }[] = [
  { key: 'heat_set_point', label: 'Heat set point (°F)' },
  { key: 'cool_set_point', label: 'Cool set point (°F)' },
];

const text = (n: number | null | undefined) => (n == null ? '' : String(n));
const value = (t: string) => (t.trim() === '' ? null : Number(t));

/**
 * A thermostat's heat and cool set points (a hub thermostat, a wifi thermostat). Save shows the
 * answer's message; the server's messages land under their fields, other failures above Save.
 */
export function SetPointsForm({
  heat,
  cool,
  save,
}: {
  heat?: number | null;
  cool?: number | null;
  save(points: SetPointsInput): Promise<MessageBody>;
}) {
  const notify = useNotify();
  const [typed, setTyped] = useState<Record<Field, string>>({ heat_set_point: text(heat), cool_set_point: text(cool) });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = typed.heat_set_point !== text(heat) || typed.cool_set_point !== text(cool);

  const submit = async () => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const res = await save({
        heat_set_point: value(typed.heat_set_point),
        cool_set_point: value(typed.cool_set_point),
      });
      notify.success(res.message);
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors(e.errors);
      else setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {FIELDS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            type="number"
            value={typed[key]}
            onChange={(e) => setTyped({ ...typed, [key]: e.target.value })}
            error={!!errors[key]}
            helperText={errors[key]}
            disabled={busy}
            slotProps={{ htmlInput: { min: 45, max: 95, step: 1 } }}
            fullWidth
          />
        ))}
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      <div>
        <Button type="submit" variant="contained" disabled={busy || !changed}>
          Save
        </Button>
      </div>
    </Stack>
  );
}
