import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type Fraction, formatPercent, type TokenRecord } from '@relayer/protocol';
import { FactList, FactRow } from '../facts/FactList';
import { formatExactAmount } from '../format/amounts';
import { shortenAddress } from '../format/shortenAddress';
import { ZRX_DECIMALS } from '../shared/order/toOrderRow';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { formatSignificant } from './exactPrice';
import type { MarketSide } from './marketOrderQuery';
import type { MarketReview } from './reviewMarketQuote';

export interface MarketOrderReviewProps {
  review: MarketReview;
  side: MarketSide;
  base: TokenRecord;
  quote: TokenRecord;
  /** The base units asked for. */
  asked: bigint;
  /** The bound the trader typed, as shown ("1"). */
  boundText: string;
}

const percent = (change: Fraction) => `${formatPercent(change, 2)}%`;

/**
 * The review of a quote before the wallet opens: the orders used, prices, fees and any refusal (the
 * network cost is the live estimate of the call itself, beside the confirm button).
 */
export function MarketOrderReview({ review, side, base, quote, asked, boundText }: MarketOrderReviewProps) {
  const baseSymbol = displaySymbol(base);
  const quoteSymbol = displaySymbol(quote);
  const unit = `${quoteSymbol} per ${baseSymbol}`;
  const baseText = (amount: bigint) => `${formatExactAmount(amount, base.decimals)} ${baseSymbol}`;
  const quoteText = (amount: bigint) => `${formatExactAmount(amount, quote.decimals)} ${quoteSymbol}`;
  const price = (value: Fraction) => `${formatSignificant(value)} ${unit}`;
  const verb = side === 'buy' ? 'bought' : 'sold';
  const direction = side === 'buy' ? 'above' : 'below';
  const { refusal, worst, worstChange } = review;
  return (
    <>
      {refusal?.kind === 'empty' && (
        <Alert severity="error">
          No order {side === 'buy' ? 'sells' : 'buys'} {baseSymbol} for {quoteSymbol} now: nothing can be{' '}
          {verb}.
        </Alert>
      )}
      {refusal?.kind === 'incomplete' && (
        <Alert severity="error">
          Only {baseText(refusal.available)} of the {baseText(asked)} asked can be {verb} now: lower the
          amount to trade what the book holds.
        </Alert>
      )}
      {refusal?.kind === 'beyondBound' && worst && worstChange && (
        <Alert severity="error">
          The worst order used is priced {price(worst)}, {percent(worstChange)} {direction} the best price:
          beyond the {boundText}% you accept. Lower the amount or accept a larger change.
        </Alert>
      )}
      {review.rows.length > 0 && (
        <Table size="small" aria-label="Orders used">
          <TableHead>
            <TableRow>
              <TableCell>Maker</TableCell>
              <TableCell align="right">Amount ({baseSymbol})</TableCell>
              <TableCell align="right">Price ({unit})</TableCell>
              <TableCell align="right">
                {side === 'buy' ? 'Pay' : 'Receive'} ({quoteSymbol})
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {review.rows.map((row) => (
              <TableRow key={row.orderHash} data-order-hash={row.orderHash}>
                <TableCell>{shortenAddress(row.maker)}</TableCell>
                <TableCell align="right">{formatExactAmount(row.baseAmount, base.decimals)}</TableCell>
                <TableCell align="right">{formatSignificant(row.price)}</TableCell>
                <TableCell align="right">{formatExactAmount(row.quoteAmount, quote.decimals)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <FactList>
        <FactRow label={side === 'buy' ? 'You buy' : 'You sell'}>{baseText(review.baseAmount)}</FactRow>
        <FactRow label={side === 'buy' ? 'You pay' : 'You receive'}>{quoteText(review.quoteAmount)}</FactRow>
        {review.average && review.averageChange && (
          <FactRow label="Average price">
            {price(review.average)} ({percent(review.averageChange)} {direction} the best)
          </FactRow>
        )}
        {review.best && <FactRow label="Best price">{price(review.best)}</FactRow>}
        {worst && worstChange && (
          <FactRow label="Worst price">
            {price(worst)} ({percent(worstChange)} {direction} the best; you accept {boundText}%)
          </FactRow>
        )}
        <FactRow label="Taker fee">{formatExactAmount(review.takerFee, ZRX_DECIMALS)} ZRX</FactRow>
      </FactList>
    </>
  );
}
