import Tooltip from '@mui/material/Tooltip';
import type { AmountCell as AmountCellModel } from '../shared/order/toOrderRow';

/**
 * An order amount in human units. A partly filled (or cancelled) order reads "0.5 of 1": what is still
 * open, of the total. Tokens with unknown decimals show raw base units and say so.
 */
export function AmountCell({ amount, symbol }: { amount: AmountCellModel; symbol: string }) {
  const unit = amount.baseUnits ? ' base units' : '';
  const text = amount.partial ? `${amount.remaining} of ${amount.total}` : amount.remaining;
  const title = amount.partial
    ? `${amount.remaining}${unit} ${symbol} still open of ${amount.total}${unit}; the rest is filled or cancelled`
    : `${amount.total}${unit} ${symbol}`;
  return (
    <Tooltip title={title}>
      <span>
        {text}
        {amount.baseUnits ? ' (base units)' : ''}
      </span>
    </Tooltip>
  );
}
