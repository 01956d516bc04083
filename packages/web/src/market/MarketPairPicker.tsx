import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { TokenRecord } from '@relayer/protocol';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Address } from 'viem';
import { KEEP_FOCUS } from '../shell/RouteFocusContext';
import { TokenSelect } from '../tokens/TokenSelect';
import { marketPath } from './marketPath';

export interface MarketPairPickerProps {
  tokens: readonly TokenRecord[];
  base: string;
  quote: string;
}

/**
 * Chooses the market among the listed tokens (any two make a pair, as `/v0/token_pairs` lists them):
 * the base token priced, the quote token it is priced in, and a button that swaps them. Each choice
 * is a new URL (by address), so a market can be bookmarked and shared.
 */
export function MarketPairPicker({ tokens, base, quote }: MarketPairPickerProps) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | undefined>();
  const choose = (nextBase: string | undefined, nextQuote: string | undefined) => {
    if (!nextBase || !nextQuote) return;
    if (nextBase === nextQuote) {
      setProblem('Choose two different tokens: a market prices one token in another.');
      return;
    }
    setProblem(undefined);
    void navigate(marketPath(nextBase, nextQuote), { state: KEEP_FOCUS });
  };
  const side = (label: string, value: string, onChange: (address: Address | undefined) => void) => (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <TokenSelect label={label} tokens={tokens} value={value as Address} onChange={onChange} />
    </Box>
  );
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {side('Base token', base, (address) => choose(address, quote))}
        <Tooltip title="Swap base and quote">
          <IconButton
            aria-label="Swap base and quote"
            onClick={() => choose(quote, base)}
            sx={{ alignSelf: 'center', transform: { xs: 'rotate(90deg)', sm: 'none' } }}
          >
            <SwapHorizIcon />
          </IconButton>
        </Tooltip>
        {side('Quote token', quote, (address) => choose(base, address))}
      </Stack>
      {problem ? <Alert severity="warning">{problem}</Alert> : null}
    </Stack>
  );
}
