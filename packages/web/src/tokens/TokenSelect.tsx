import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import type { TokenRecord } from '@relayer/protocol';
import { useMemo } from 'react';
import type { Address } from 'viem';
import { groupTokens, tokenGroup } from './trust/groupTokens';
import { TokenLabel, tokenLabelText } from './trust/TokenLabel';

export interface TokenSelectProps {
  label: string;
  tokens: readonly TokenRecord[];
  value: Address | undefined;
  onChange(address: Address | undefined): void;
  loading?: boolean;
}

// Typing part of an address finds the token too: the address is what tells lookalikes apart.
const filter = createFilterOptions<TokenRecord>({
  stringify: (token) => `${tokenLabelText(token, 'name')} ${token.address}`,
});

/**
 * A searchable, clearable token picker (SPEC §2 'Make Order' / 'Take Order'): options read
 * 'name - symbol'; verified tokens come first, unverified ones apart under their own heading, each with
 * its mark and short address.
 */
export function TokenSelect({ label, tokens, value, onChange, loading }: TokenSelectProps) {
  const options = useMemo(() => groupTokens(tokens), [tokens]);
  const selected = options.find((token) => token.address === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      loading={loading}
      groupBy={tokenGroup}
      filterOptions={filter}
      getOptionLabel={(token) => tokenLabelText(token, 'name')}
      getOptionKey={(token) => token.address}
      isOptionEqualToValue={(option, current) => option.address === current.address}
      onChange={(_event, token) => onChange(token?.address)}
      // The default group heading, with a line height that lets a long heading wrap in a narrow popup.
      renderGroup={(params) => (
        <li key={params.key}>
          <ListSubheader component="div" sx={{ lineHeight: 1.4, py: 1, top: -8 }}>
            {params.group}
          </ListSubheader>
          <ul style={{ padding: 0 }}>{params.children}</ul>
        </li>
      )}
      renderOption={({ key, ...props }, token) => (
        <li key={key} {...props}>
          <TokenLabel address={token.address} token={token} show="name" />
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={selected && !selected.verified ? `Unverified token ${selected.address}` : undefined}
          slotProps={{
            ...params.slotProps,
            formHelperText: { sx: { color: 'warning.main', overflowWrap: 'anywhere' } },
          }}
        />
      )}
      sx={{ minWidth: 260 }}
    />
  );
}
