import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { TokenRecord } from '@relayer/protocol';
import { NAME_MAX, SYMBOL_MAX, safeTokenText } from './safeTokenText';
import { trustAddress } from './trustAddress';
import { UnverifiedMark } from './UnverifiedMark';

export interface TokenLabelProps {
  /** The token's address (always shown for a token that is not verified). */
  address: string;
  /** The relayer's record of it; undefined for a token the relayer does not list. */
  token: Pick<TokenRecord, 'name' | 'symbol' | 'verified'> | undefined;
  /** `symbol` (rows, amounts) or `name` ('name - symbol', as the pickers read). */
  show?: 'symbol' | 'name';
}

/** The text a token label reads as, for inputs and accessible names: clamped, hidden characters spelled out. */
export function tokenLabelText(
  token: Pick<TokenRecord, 'name' | 'symbol'>,
  show: 'symbol' | 'name' = 'symbol',
) {
  const symbol = safeTokenText(token.symbol, SYMBOL_MAX).text;
  return show === 'name' ? `${safeTokenText(token.name, NAME_MAX).text} - ${symbol}` : symbol;
}

/**
 * A token wherever the app names one (book rows, pickers, dialogs, panels, and the pages to come): its
 * symbol (or 'name - symbol') made safe to show, and, unless the token registry verified it, a visible
 * "Unverified" mark and its short address, so a lookalike never passes for the real coin. The text sits
 * in a <bdi>, so right-to-left characters cannot reorder what follows it.
 */
export function TokenLabel({ address, token, show = 'symbol' }: TokenLabelProps) {
  const verified = token?.verified === true;
  const full = token
    ? `${safeTokenText(token.name, 200).text} (${safeTokenText(token.symbol, 200).text}) · ${address}`
    : address;
  return (
    <Box
      component="span"
      data-token={address}
      sx={{ display: 'inline-flex', alignItems: 'center', columnGap: 0.5, flexWrap: 'wrap', minWidth: 0 }}
    >
      <Tooltip title={full} describeChild>
        <Box component="bdi" sx={{ overflowWrap: 'anywhere' }}>
          {token ? tokenLabelText(token, show) : trustAddress(address)}
        </Box>
      </Tooltip>
      {verified ? null : <UnverifiedMark unlisted={!token} />}
      {verified || !token ? null : (
        <Box
          component="span"
          sx={{ fontFamily: 'monospace', fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap' }}
        >
          {trustAddress(address)}
        </Box>
      )}
    </Box>
  );
}
