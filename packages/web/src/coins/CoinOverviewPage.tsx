import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PriceSourceNote } from '../prices/PriceSourceNote';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { PageNotice } from '../shell/PageNotice';
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
      <PageNotice title="Coin overview" severity="error">
        The coin catalogue could not be loaded; reload the page to try again.
      </PageNotice>
    );
  }
  const coin = catalogue.data ? findCoinBySlug(catalogue.data, slug) : undefined;
  if (!coin) {
    return (
      <PageNotice title="Coin not found" severity="warning">
        Coin not found: there is no coin '{slug}' in the catalogue.
      </PageNotice>
    );
  }
  return (
    <Stack spacing={3}>
      <CoinDetails coin={coin} />
      <PriceSourceNote />
      <CoinOrders symbol={coin.Symbol} />
    </Stack>
  );
}
