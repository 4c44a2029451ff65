import TextField from '@mui/material/TextField';
import { checkReportDates, todayIso } from '../reportDates';

export interface ReportDates {
  startDate: string;
  endDate: string;
}

/**
 * A period's two date fields with the reports' rules (start not after end, end at most today);
 * `endHint` is shown under an empty end date.
 */
export function ReportDateFields({
  dates,
  onChange,
  endHint = ' ',
}: {
  dates: ReportDates;
  onChange(name: keyof ReportDates, value: string): void;
  endHint?: string;
}) {
  const today = todayIso();
  const errors = checkReportDates(dates.startDate, dates.endDate, today);
  return (
    <>
      <TextField
        type="date"
        label="Start date"
        value={dates.startDate}
        onChange={(e) => onChange('startDate', e.target.value)}
        error={!!errors.startDate}
        helperText={errors.startDate ?? ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: dates.endDate || today } }}
      />
      <TextField
        type="date"
        label="End date"
        value={dates.endDate}
        onChange={(e) => onChange('endDate', e.target.value)}
        error={!!errors.endDate}
        helperText={errors.endDate ?? (dates.endDate ? ' ' : endHint)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
      />
    </>
  );
}
