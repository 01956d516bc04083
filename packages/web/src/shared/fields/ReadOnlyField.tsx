import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

/** A value shown in the form's style that the user cannot change (prices, the order's amounts). */
export function ReadOnlyField({
  label,
  value,
  helperText,
}: {
  label: string;
  value: string;
  helperText?: ReactNode;
}) {
  return (
    <TextField
      label={label}
      value={value}
      helperText={helperText}
      fullWidth
      slotProps={{ input: { readOnly: true } }}
    />
  );
}
