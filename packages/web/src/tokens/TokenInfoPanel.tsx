import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatUsd, type TokenRecord } from '@relayer/protocol';
import type { ReactNode } from 'react';
import { CoinOverviewLink } from '../coins/CoinOverviewLink';
import { shortenAddress } from '../format/shortenAddress';
import { useRates } from '../prices/useRates';
import { TokenAccountRows } from './TokenAccountRows';
import { TokenBadge } from './TokenBadge';

/** One selected token: badge, name, symbol, address, decimals, USD market price, the user's balance. */
export function TokenInfoPanel({ token, title }: { token: TokenRecord; title: string }) {
  const { marketPrice, isStale } = useRates();
  const price = formatUsd(marketPrice(token.symbol), 3);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: 1, minWidth: 280 }}
      aria-label={`${title} token`}
      component="section"
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <TokenBadge symbol={token.symbol} address={token.address} />
        <Box>
          <Typography variant="overline">{title}</Typography>
          <Typography variant="h6" component="h2">
            {token.name}
          </Typography>
          <CoinOverviewLink symbol={token.symbol} />
        </Box>
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <Row label="Symbol">{token.symbol}</Row>
        <Row label="Address">
          <Tooltip title={token.address}>
            <span>{shortenAddress(token.address)}</span>
          </Tooltip>
        </Row>
        <Row label="Decimals">{token.decimals}</Row>
        <Row label="Market price ($USD)">
          {price}
          {isStale && price !== 'N/A' ? (
            <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 1 }}>
              (may be out of date)
            </Typography>
          ) : null}
        </Row>
        <TokenAccountRows token={token} row={Row} />
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
