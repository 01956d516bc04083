import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TokenRecord } from '@relayer/protocol';
import { FactList, FactRow } from '../facts/FactList';
import { TokenPriceTag } from '../prices/TokenPriceTag';
import { CoinOverviewLink } from './CoinOverviewLink';
import { TokenAccountRows } from './TokenAccountRows';
import { TokenBadge } from './TokenBadge';
import { NAME_MAX, safeTokenText } from './trust/safeTokenText';
import { TokenAddress } from './trust/TokenAddress';
import { TokenLabel } from './trust/TokenLabel';

/**
 * One selected token: badge, name, symbol (with its trust mark), the operator's token lists that vouch
 * for it, full address, decimals, USD price, balance.
 */
export function TokenInfoPanel({ token, title }: { token: TokenRecord; title: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: 1, minWidth: 280 }}
      aria-label={`${title} token`}
      component="section"
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <TokenBadge token={token} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline">{title}</Typography>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            <bdi>{safeTokenText(token.name, NAME_MAX).text}</bdi>
          </Typography>
          <CoinOverviewLink token={token} />
        </Box>
      </Stack>
      <FactList>
        <FactRow label="Symbol">
          <TokenLabel address={token.address} token={token} />
        </FactRow>
        {token.verified && token.lists?.length ? (
          <FactRow label="On token lists">
            {token.lists.map((name) => safeTokenText(name, 30).text).join(', ')}
          </FactRow>
        ) : null}
        <FactRow label="Address">
          <TokenAddress address={token.address} />
        </FactRow>
        <FactRow label="Decimals">{token.decimals}</FactRow>
        <FactRow label="Market price ($USD)">
          <TokenPriceTag address={token.address} />
        </FactRow>
        <TokenAccountRows token={token} />
      </FactList>
    </Paper>
  );
}
