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
}: ExpiryPickersProps) {
  const actions = readOnly ? [] : (['cancel', 'accept'] as const);
  const localeText = { okButtonLabel: 'Save', cancelButtonLabel: 'Cancel' };
  // The pickers bring their own date adapter (dayjs): only the order forms that show them load it.
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
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
    </LocalizationProvider>
  );
}
