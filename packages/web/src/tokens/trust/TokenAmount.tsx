import Box from '@mui/material/Box';
import type { TokenRecord } from '@relayer/protocol';
import { formatShortAmount } from '../../format/amounts';
import { TokenLabel } from './TokenLabel';

/**
 * "1.5 ZRX" kept on one line: the amount in the token's units, named by TokenLabel; base units when the
 * token is not listed (its decimals unknown).
 */
export function TokenAmount({
  value,
  address,
  token,
}: {
  value: string;
  address: string;
  token?: TokenRecord;
}) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {token ? formatShortAmount(value, token.decimals) : `${value} base units of`}{' '}
      <TokenLabel address={address} token={token} />
    </Box>
  );
}
