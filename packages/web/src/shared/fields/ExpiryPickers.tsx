import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { Dayjs } from 'dayjs';

export interface ExpiryPickersProps {
  date: Dayjs | null;
  time: Dayjs | null;
  onDate?(value: Dayjs | null): void;
  onTime?(value: Dayjs | null): void;
  dateError?: string;
  timeError?: string;
  readOnly?: boolean;
  /** A line under both pickers: when the expiry falls by the chain's clock, or a warning about it. */
  helperText?: string;
  /** Shows `helperText` as a warning (the chosen time is already past by the chain's clock). */
  warning?: boolean;
}

/** SPEC §2: Expiration Date and Expiration Time pickers, each with Cancel and Save actions. */
export function ExpiryPickers({
  date,
  time,
  onDate,
  onTime,
  dateError,
  timeError,
  readOnly,
  helperText,
  warning,
}: ExpiryPickersProps) {
  const actions = readOnly ? [] : (['cancel', 'accept'] as const);
  const localeText = { okButtonLabel: 'Save', cancelButtonLabel: 'Cancel' };
  // The pickers bring their own date adapter (dayjs): only the order forms that show them load it.
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Stack spacing={0.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DatePicker
            label="Expiration Date"
            value={date}
            onChange={(value) => onDate?.(value)}
            readOnly={readOnly}
            disablePast={!readOnly}
            localeText={localeText}
            slotProps={{
              actionBar: { actions: [...actions] },
              textField: { fullWidth: true, error: Boolean(dateError), helperText: dateError },
            }}
          />
          <TimePicker
            label="Expiration Time"
            value={time}
            onChange={(value) => onTime?.(value)}
            readOnly={readOnly}
            localeText={localeText}
            slotProps={{
              actionBar: { actions: [...actions] },
              textField: { fullWidth: true, error: Boolean(timeError), helperText: timeError },
            }}
          />
        </Stack>
        {helperText ? (
          <FormHelperText
            sx={{ color: warning ? 'warning.main' : undefined }}
            role={warning ? 'alert' : undefined}
          >
            {helperText}
          </FormHelperText>
        ) : null}
      </Stack>
    </LocalizationProvider>
  );
}
