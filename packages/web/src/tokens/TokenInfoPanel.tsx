import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TokenRecord } from '@relayer/protocol';
import { FactList, FactRow } from '../facts/FactList';
import { shortenAddress } from '../format/shortenAddress';
import { MarketPriceText } from '../prices/MarketPriceText';
import { CoinOverviewLink } from './CoinOverviewLink';
import { TokenAccountRows } from './TokenAccountRows';
import { TokenBadge } from './TokenBadge';

/** One selected token: badge, name, symbol, address, decimals, USD market price, the user's balance. */
export function TokenInfoPanel({ token, title }: { token: TokenRecord; title: string }) {
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
      <FactList>
        <FactRow label="Symbol">{token.symbol}</FactRow>
        <FactRow label="Address">
          <Tooltip title={token.address}>
            <span>{shortenAddress(token.address)}</span>
          </Tooltip>
        </FactRow>
        <FactRow label="Decimals">{token.decimals}</FactRow>
        <FactRow label="Market price ($USD)">
          <MarketPriceText symbol={token.symbol} />
        </FactRow>
        <TokenAccountRows token={token} />
      </FactList>
    </Paper>
  );
}
