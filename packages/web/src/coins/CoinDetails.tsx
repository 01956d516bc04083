import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd } from '@relayer/protocol';
import type { ReactNode } from 'react';
import { useRates } from '../prices/useRates';
import type { CoinCatalogueEntry } from './coinCatalogueEntry';
import { formatCoinSupply } from './formatCoinSupply';

/** The catalogue's facts about a coin and its USD market price (WETH priced as ETH). */
export function CoinDetails({ coin }: { coin: CoinCatalogueEntry }) {
  const { marketPrice, isStale } = useRates();
  const price = formatUsd(marketPrice(coin.Symbol), 3);
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
        <Typography variant="h5" component="h1">
          {coin.FullName}
        </Typography>
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <Row label="Symbol">{coin.Symbol}</Row>
        <Row label="Algorithm">{coin.Algorithm}</Row>
        <Row label="Proof type">{coin.ProofType}</Row>
        <Row label="Total supply">{formatCoinSupply(coin.TotalCoinSupply)}</Row>
        <Row label="Rank">{coin.SortOrder}</Row>
        <Row label="Market price ($USD)">
          {price}
          {isStale && price !== 'N/A' ? (
            <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 1 }}>
              (may be out of date)
            </Typography>
          ) : null}
        </Row>
      </Box>
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}
