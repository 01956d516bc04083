import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { coinCatalogueQuery } from '../tokens/coinCatalogueQuery';
import { CoinDetails } from './CoinDetails';
import { CoinOrders } from './CoinOrders';
import { findCoinBySlug } from './findCoinBySlug';

/** /coins/:slug/overview: one catalogue coin, its USD market price and the open orders for its token. */
export function CoinOverviewPage() {
  const { slug = '' } = useParams();
  const catalogue = useQuery(coinCatalogueQuery);
  if (catalogue.isPending) return <LoadingSpinner label="Loading the coin catalogue" />;
  if (catalogue.isError) {
    return (
      <Alert severity="error">
        The coin catalogue could not be loaded; reload the page to try again.{' '}
        <Link component={RouterLink} to="/">
          Back to the order book
        </Link>
      </Alert>
    );
  }
  const coin = catalogue.data ? findCoinBySlug(catalogue.data, slug) : undefined;
  if (!coin) {
    return (
      <Alert severity="warning">
        Coin not found: there is no coin '{slug}' in the catalogue.{' '}
        <Link component={RouterLink} to="/">
          Back to the order book
        </Link>
      </Alert>
    );
  }
  return (
    <Stack spacing={3}>
      <CoinDetails coin={coin} />
      <CoinOrders symbol={coin.Symbol} />
    </Stack>
  );
}
