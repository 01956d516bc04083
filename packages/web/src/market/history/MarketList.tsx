import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TokenRecord } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useVariant } from '../../config/useVariant';
import { KEEP_FOCUS } from '../../shell/RouteFocusContext';
import { tokenLabelText } from '../../tokens/trust/TokenLabel';
import { marketPath } from '../marketPath';
import { tickersQuery } from './historyQueries';

export interface MarketListProps {
  byAddress: ReadonlyMap<string, TokenRecord>;
  /** The market on screen, marked as current. */
  base: string;
  quote: string;
}

/**
 * The traded markets (`GET /tickers`) with their last price and 24 h change, each a link to its market
 * view. Markets whose tokens this relayer does not list are left out; nothing shows before a trade.
 */
export function MarketList({ byAddress, base, quote }: MarketListProps) {
  const { relayerUrl, key } = useVariant();
  const tickers = useQuery(tickersQuery(relayerUrl, key));
  const rows = (tickers.data ?? []).flatMap((ticker) => {
    const baseToken = byAddress.get(ticker.baseTokenAddress);
    const quoteToken = byAddress.get(ticker.quoteTokenAddress);
    return baseToken && quoteToken
      ? [{ ticker, name: `${tokenLabelText(baseToken)}/${tokenLabelText(quoteToken)}` }]
      : [];
  });
  if (rows.length === 0) return null;
  return (
    <Table size="small" aria-label="Markets, last price and 24 h change">
      <TableHead>
        <TableRow>
          <TableCell>Market</TableCell>
          <TableCell align="right">Last price</TableCell>
          <TableCell align="right">24 h change</TableCell>
          <TableCell align="right">24 h trades</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ ticker, name }) => {
          const current = ticker.baseTokenAddress === base && ticker.quoteTokenAddress === quote;
          return (
            <TableRow key={`${ticker.baseTokenAddress}/${ticker.quoteTokenAddress}`} selected={current}>
              <TableCell component="th" scope="row">
                <Link
                  component={RouterLink}
                  to={marketPath(ticker.baseTokenAddress, ticker.quoteTokenAddress)}
                  state={KEEP_FOCUS}
                  aria-current={current ? 'page' : undefined}
                >
                  {name}
                </Link>
              </TableCell>
              <TableCell align="right">{ticker.last ?? '—'}</TableCell>
              <TableCell align="right">
                {ticker.changePercent === null
                  ? '—'
                  : `${ticker.changePercent.startsWith('-') ? '' : '+'}${ticker.changePercent}%`}
              </TableCell>
              <TableCell align="right">{ticker.tradeCount}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
