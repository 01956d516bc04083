import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TokenRecord } from '@relayer/protocol';

export interface TokenSelectProps {
  label: string;
  value: string;
  tokens: readonly TokenRecord[];
  onChange(address: string): void;
  error?: string;
}

/** A select of the relayer's tokens, 'name - symbol' as on the home screen. */
export function TokenSelect({ label, value, tokens, onChange, error }: TokenSelectProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      fullWidth
    >
      {tokens.map((token) => (
        <MenuItem key={token.address} value={token.address}>
          {token.name} - {token.symbol}
        </MenuItem>
      ))}
    </TextField>
  );
}
