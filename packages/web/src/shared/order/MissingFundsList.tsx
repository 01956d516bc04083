import Box from '@mui/material/Box';
import type { TokenRecord } from '@relayer/protocol';
import { formatExactAmount } from '../../format/amounts';
import { TokenLabel } from '../../tokens/trust/TokenLabel';
import type { MissingFunds } from './orderStatus';

const COVERS = { amount: 'the order', fee: 'the maker fee', amountAndFee: 'the order and its fee' } as const;

/**
 * What the maker lacks to fill all that remains: "Missing 5 MKR of balance (has 1 of 6 needed for the
 * order)", or the allowance to the token proxy. Amounts exact, in the token's units.
 */
export function MissingFundsList({
  missing,
  byAddress,
}: {
  missing: MissingFunds[];
  byAddress: ReadonlyMap<string, TokenRecord>;
}) {
  if (missing.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="What the maker lacks">
      {missing.map((item) => {
        const token = byAddress.get(item.token);
        const amount = (value: bigint | string) =>
          token ? formatExactAmount(value, token.decimals) : `${value.toString()} base units of`;
        return (
          <li key={`${item.token}-${item.kind}-${item.covers}`}>
            Missing {amount(item.missing)} <TokenLabel address={item.token} token={token} />{' '}
            {item.kind === 'balance' ? 'balance' : 'allowance to the token proxy'} (has{' '}
            {amount(item.available)} of {amount(item.required)} needed for {COVERS[item.covers]})
          </li>
        );
      })}
    </Box>
  );
}
