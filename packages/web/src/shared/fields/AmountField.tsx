import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

export interface AmountFieldProps {
  label: string;
  value: string;
  symbol: string | undefined;
  onChange?(value: string): void;
  error?: string;
  helperText?: string;
  readOnly?: boolean;
}

/** A human-units amount (text, so decimals are never rounded by the browser) with the token symbol as suffix. */
export function AmountField({
  label,
  value,
  symbol,
  onChange,
  error,
  helperText,
  readOnly,
}: AmountFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{
        input: {
          readOnly,
          endAdornment: symbol ? <InputAdornment position="end">{symbol}</InputAdornment> : undefined,
        },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
    />
  );
}
