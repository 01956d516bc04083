import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { FactList, FactRow } from '../facts/FactList';
import { PriceTag } from '../prices/PriceTag';
import { useRates } from '../prices/useRates';
import { PageHeading } from '../shell/PageHeading';
import type { CoinCatalogueEntry } from '../tokens/coinCatalogueEntry';
import { formatCoinSupply } from './formatCoinSupply';

/** The catalogue's facts about a coin and its USD market price (WETH priced as ETH), with its provenance. */
export function CoinDetails({ coin }: { coin: CoinCatalogueEntry }) {
  const { book, coinPrice } = useRates();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Coin overview">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar
          src={coin.ImageUrl}
          alt={`${coin.Symbol} badge`}
          sx={{ width: 56, height: 56, bgcolor: coin.ImageUrl ? 'transparent' : undefined }}
        >
          {coin.Symbol.slice(0, 1)}
        </Avatar>
        <PageHeading title={`${coin.FullName} overview`}>{coin.FullName}</PageHeading>
      </Stack>
      <FactList>
        <FactRow label="Symbol">{coin.Symbol}</FactRow>
        <FactRow label="Algorithm">{coin.Algorithm}</FactRow>
        <FactRow label="Proof type">{coin.ProofType}</FactRow>
        <FactRow label="Total supply">{formatCoinSupply(coin.TotalCoinSupply)}</FactRow>
        <FactRow label="Rank">{coin.SortOrder}</FactRow>
        <FactRow label="Market price ($USD)">
          <PriceTag price={coinPrice(coin.Symbol)} maxAgeMs={book?.maxAgeMs ?? 1} layout="inline" />
        </FactRow>
      </FactList>
    </Paper>
  );
}
