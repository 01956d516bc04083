import Stack from '@mui/material/Stack';
import { MISSING_PRICE } from '@relayer/protocol';
import { ReadOnlyField } from './ReadOnlyField';

/** SPEC §2: the maker token's market price and the order's asking price, both in USD, read-only. */
export function PriceFields({
  symbol,
  market,
  asking,
}: {
  symbol: string | undefined;
  market: string;
  asking: string;
}) {
  const name = symbol ?? 'Token';
  const comparison =
    asking === MISSING_PRICE || market === MISSING_PRICE
      ? undefined
      : Number(asking) > Number(market)
        ? 'Above the market price'
        : 'Not above the market price';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <ReadOnlyField label={`${name} Market Price ($USD)`} value={market} />
      <ReadOnlyField label={`${name} Asking Price ($USD)`} value={asking} helperText={comparison} />
    </Stack>
  );
}
