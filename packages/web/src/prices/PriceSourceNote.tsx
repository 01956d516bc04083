import Typography from '@mui/material/Typography';
import { useRates } from './useRates';

/**
 * What the price labels mean, written out where prices are shown: each figure's own label says
 * "example price" or "stale", and its tooltip the rest, which a keyboard or touch user never sees.
 * Shown only while some price is no live market data.
 */
export function PriceSourceNote() {
  const { book } = useRates();
  const prices = book ? [...Object.values(book.tokens), ...Object.values(book.coins)] : [];
  const example = prices.some((price) => price.quality === 'example');
  const stale = prices.some((price) => price.quality === 'stale');
  if (!example && !stale) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-price-source-note>
      {example
        ? 'Prices marked “example price” are the relayer’s built-in examples, not market data: do not trade by them. '
        : ''}
      {stale ? 'Prices marked “stale” are old: the market may have moved. ' : ''}
      “Above” or “below market” judged by such prices is no market signal.
    </Typography>
  );
}
