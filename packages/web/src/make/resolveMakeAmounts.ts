import { MAX_UINT256, type TokenRecord } from '@relayer/protocol';
import { parseAmountInput } from '../format/amounts';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { parsePriceInput } from './price/parsePriceInput';
import { type OrderSide, type PricedAmounts, priceToAmounts } from './price/priceToAmounts';

/** How the maker states the order: both amounts, or a limit price and one side's amount. */
export type MakeEntry = 'amounts' | 'price';

export interface MakeAmountValues {
  entry: MakeEntry;
  makerAmount: string;
  takerAmount: string;
  /** The limit price, in `priceQuote` tokens per token of the other side (price entry only). */
  price: string;
  priceQuote: OrderSide;
  /** Which side's amount is typed (price entry only); the other follows from the price. */
  amountSide: OrderSide;
}

export interface ResolvedAmounts {
  makerTokenAmount?: bigint;
  takerTokenAmount?: bigint;
  /** Price entry: the amounts the price gives and the price they carry. */
  priced?: PricedAmounts;
  errors: Partial<Record<'makerAmount' | 'takerAmount' | 'price', string>>;
}

const FIELD = { maker: 'makerAmount', taker: 'takerAmount' } as const;

/**
 * The order's base-unit amounts from the form: both typed, or one typed and the other converted from
 * the limit price exactly (`priceToAmounts`). Messages name the field they belong under.
 */
export function resolveMakeAmounts(
  values: MakeAmountValues,
  maker: TokenRecord | undefined,
  taker: TokenRecord | undefined,
): ResolvedAmounts {
  const errors: ResolvedAmounts['errors'] = {};
  const tokens = { maker, taker };
  const amount = (side: OrderSide) => {
    const record = tokens[side];
    // Without a token there are no decimals to read the amount with; zero is still refused.
    const symbol = record ? displaySymbol(record) : 'This token';
    const parsed = parseAmountInput(values[FIELD[side]], record?.decimals ?? 36, symbol);
    if (parsed.error) errors[FIELD[side]] = parsed.error;
    return parsed.value;
  };
  if (values.entry === 'amounts') {
    return { makerTokenAmount: amount('maker'), takerTokenAmount: amount('taker'), errors };
  }
  const typedAmount = amount(values.amountSide);
  const price = parsePriceInput(values.price);
  if (price.error) errors.price = price.error;
  if (typedAmount === undefined || !price.value || !maker || !taker) return { errors };
  const priced = priceToAmounts({
    price: price.value,
    quote: values.priceQuote,
    typed: values.amountSide,
    typedAmount,
    makerDecimals: maker.decimals,
    takerDecimals: taker.decimals,
  });
  const other = values.amountSide === 'maker' ? taker : maker;
  if (!priced) {
    errors[FIELD[values.amountSide]] =
      `At this price that is less than one base unit of ${displaySymbol(other)}: enter a larger amount`;
    return { errors };
  }
  if (priced.makerTokenAmount > MAX_UINT256 || priced.takerTokenAmount > MAX_UINT256) {
    errors[FIELD[values.amountSide]] = 'Amount is too large at this price';
    return { errors };
  }
  return {
    makerTokenAmount: priced.makerTokenAmount,
    takerTokenAmount: priced.takerTokenAmount,
    priced,
    errors,
  };
}
