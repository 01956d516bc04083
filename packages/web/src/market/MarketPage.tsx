import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { TokenRecord } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useRelayerApi } from '../api/useRelayerApi';
import { ordersQuery } from '../browse/ordersQuery';
import { useVariant } from '../config/useVariant';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { LoadingSpinner } from '../shell/LoadingSpinner';
import { useTokens } from '../tokens/useTokens';
import { chooseDefaultMarket } from './chooseDefaultMarket';
import { MarketView } from './MarketView';
import { isAddressText, marketPath } from './marketPath';
import { resolveMarketToken } from './resolveMarketToken';

/** Recent open orders `/markets` counts to pick the busiest pair. */
const RECENT_ORDERS = 100;

/**
 * `/markets/:base/:quote`: one market's book in price order; `/markets` opens the
 * busiest pair. Tokens are named by address in the URL (a link by symbols is replaced by the address
 * link when each symbol is one verified token's); a malformed or unlisted one gets a clear page.
 */
export function MarketPage() {
  const { base, quote } = useParams();
  const { tokens, byAddress, isLoading, error } = useTokens();
  if (base === undefined || quote === undefined) return <DefaultMarket />;
  if (!isAddressText(base) || !isAddressText(quote)) {
    if (isLoading) return <LoadingSpinner label="Loading tokens" />;
    return <SymbolMarket base={base} quote={quote} tokens={tokens} />;
  }
  if (base !== base.toLowerCase() || quote !== quote.toLowerCase()) {
    return <Navigate replace to={marketPath(base, quote)} />;
  }
  if (isLoading) return <LoadingSpinner label="Loading tokens" />;
  if (error) return <Alert severity="error">The token list could not be loaded from the relayer.</Alert>;
  const unlisted = [base, quote].filter((address) => !byAddress.has(address));
  if (unlisted.length > 0) {
    return <MarketProblem>This relayer lists no token at {unlisted.join(' or ')}.</MarketProblem>;
  }
  if (base === quote) return <MarketProblem>A market needs two different tokens.</MarketProblem>;
  // A new pair is a new view: its depth and dialogs start afresh, nothing of the last pair's book shows.
  return (
    <MarketView key={`${base}/${quote}`} tokens={tokens} byAddress={byAddress} base={base} quote={quote} />
  );
}

/**
 * A link that names a token by symbol (`/markets/REP/WETH`) is replaced by the address link when each
 * symbol is one listed, verified token's; otherwise it says which symbol names none or several.
 */
function SymbolMarket({
  base,
  quote,
  tokens,
}: {
  base: string;
  quote: string;
  tokens: readonly TokenRecord[];
}) {
  const resolved = [base, quote].map((text) => ({ text, token: resolveMarketToken(text, tokens) }));
  const [baseToken, quoteToken] = resolved.map(({ token }) =>
    token.kind === 'unknown' ? undefined : token.address,
  );
  if (baseToken && quoteToken) return <Navigate replace to={marketPath(baseToken, quoteToken)} />;
  const problem = resolved.find(({ token }) => token.kind === 'unknown');
  const several = problem?.token.kind === 'unknown' && problem.token.matches > 1;
  return (
    <MarketProblem>
      This market link names “{problem?.text}”, which is{' '}
      {several
        ? 'the symbol of several verified tokens'
        : 'neither a token address nor the symbol of a verified token'}
      : name tokens by their 0x addresses.
    </MarketProblem>
  );
}

function DefaultMarket() {
  const api = useRelayerApi();
  const { key } = useVariant();
  const { tokens, isLoading } = useTokens();
  const networkInfo = useNetworkInfo();
  const recent = useQuery(
    ordersQuery(api, key, {
      page: 1,
      per_page: RECENT_ORDERS,
      sort: 'createdAt',
      direction: 'desc',
      verified: 'only',
    }),
  );
  if (isLoading || !networkInfo || recent.isLoading) return <LoadingSpinner label="Finding a market" />;
  const market = chooseDefaultMarket({
    orders: recent.data?.orders ?? [],
    // Verified tokens only: a pair of tokens anyone can add is no default market.
    listed: new Set(tokens.filter((token) => token.verified).map((token) => token.address)),
    weth: networkInfo.weth,
    zrx: networkInfo.zrx,
  });
  if (!market) return <MarketProblem>This relayer lists no pair of tokens to show yet.</MarketProblem>;
  return <Navigate replace to={marketPath(market.base, market.quote)} />;
}

function MarketProblem({ children }: { children: ReactNode }) {
  return (
    <Alert severity="warning">
      {children}{' '}
      <Link component={RouterLink} to="/markets">
        Open the default market
      </Link>
    </Alert>
  );
}
