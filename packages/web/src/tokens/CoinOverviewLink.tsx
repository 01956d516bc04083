import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { coinCatalogueQuery } from './coinCatalogueQuery';

/** A link to the coin's overview page when the catalogue has the symbol; nothing otherwise. */
export function CoinOverviewLink({ symbol }: { symbol: string }) {
  const { data } = useQuery(coinCatalogueQuery);
  const key = symbol.trim().toUpperCase();
  const coin = data && Object.hasOwn(data, key) ? data[key] : undefined;
  if (!coin) return null;
  return (
    <Link component={RouterLink} to={coin.Url} variant="body2">
      {coin.CoinName} overview
    </Link>
  );
}
