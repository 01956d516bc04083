import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TokenRecord } from '@relayer/protocol';
import { useMemo } from 'react';
import { groupTokens, tokenGroup } from '../../tokens/trust/groupTokens';
import { TokenLabel } from '../../tokens/trust/TokenLabel';

export interface TokenSelectProps {
  label: string;
  value: string;
  tokens: readonly TokenRecord[];
  onChange(address: string): void;
  error?: string;
}

/**
 * A select of the relayer's tokens, 'name - symbol' as on the home screen: verified tokens first, the
 * unverified ones apart under their heading, each with its mark and short address.
 */
export function TokenSelect({ label, value, tokens, onChange, error }: TokenSelectProps) {
  const items = useMemo(() => {
    const sorted = groupTokens(tokens);
    return sorted.flatMap((token, index) => {
      const group = tokenGroup(token);
      const item = (
        <MenuItem key={token.address} value={token.address}>
          <TokenLabel address={token.address} token={token} show="name" />
        </MenuItem>
      );
      const first = index === 0 || tokenGroup(sorted[index - 1] ?? token) !== group;
      return first ? [<ListSubheader key={group}>{group}</ListSubheader>, item] : [item];
    });
  }, [tokens]);
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
      {items}
    </TextField>
  );
}
