import Typography from '@mui/material/Typography';
import { formatUsd } from '@relayer/protocol';
import { useRates } from './useRates';

/** A symbol's USD market price with 3 decimals ('N/A' when unknown), and a hint when the rates are stale. */
export function MarketPriceText({ symbol }: { symbol: string }) {
  const { marketPrice, isStale } = useRates();
  const price = formatUsd(marketPrice(symbol), 3);
  return (
    <>
      {price}
      {isStale && price !== 'N/A' ? (
        <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 1 }}>
          (may be out of date)
        </Typography>
      ) : null}
    </>
  );
}
