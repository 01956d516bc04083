import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TokenRecord } from '@relayer/protocol';
import { useMemo } from 'react';
import type { Address } from 'viem';
import { sortTokenOptions, tokenOptionLabel } from './tokenOptionLabel';

export interface TokenSelectProps {
  label: string;
  tokens: readonly TokenRecord[];
  value: Address | undefined;
  onChange(address: Address | undefined): void;
  loading?: boolean;
}

/** A searchable, clearable token picker (SPEC §2 'Make Order' / 'Take Order'). */
export function TokenSelect({ label, tokens, value, onChange, loading }: TokenSelectProps) {
  const options = useMemo(() => sortTokenOptions(tokens), [tokens]);
  const selected = options.find((token) => token.address === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={loading}
      getOptionLabel={tokenOptionLabel}
      getOptionKey={(token) => token.address}
      isOptionEqualToValue={(option, current) => option.address === current.address}
      onChange={(_event, token) => onChange(token?.address)}
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ minWidth: 260 }}
    />
  );
}
