import Link from '@mui/material/Link';
import type { TokenRecord } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useVariant } from '../config/useVariant';
import { coinCatalogueQuery } from './coinCatalogueQuery';
import { coinForToken } from './coinForToken';

/** A link to the coin's overview page when the token is a catalogue coin by its address; nothing otherwise. */
export function CoinOverviewLink({ token }: { token: Pick<TokenRecord, 'address' | 'symbol' | 'verified'> }) {
  const { chainId } = useVariant();
  const { data } = useQuery(coinCatalogueQuery);
  const key = coinForToken(chainId, token);
  const coin = data && key && Object.hasOwn(data, key) ? data[key] : undefined;
  if (!coin) return null;
  return (
    <Link component={RouterLink} to={coin.Url} variant="body2">
      {coin.CoinName} overview
    </Link>
  );
}
