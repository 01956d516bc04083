import { formatUsd, getAskingPrice, type TokenPrice, type TokenRecord } from '@relayer/protocol';
import { parseAmountInput } from '../format/amounts';
import { judgeAskingPrice, type PriceJudgement } from '../prices/judgeAskingPrice';
import type { PriceFieldValue } from '../shared/fields/PriceFields';
import type { MakeOrderValues } from './validateMakeOrder';

export interface MakeOrderPrices {
  market: PriceFieldValue;
  asking: PriceFieldValue;
  judgement: PriceJudgement | undefined;
}

/**
 * The form's live prices, by token address: the maker token's market price, the asking price the
 * typed amounts give, and how that compares with the market.
 */
export function makeOrderPrices(
  values: Pick<MakeOrderValues, 'makerAmount' | 'takerAmount'>,
  maker: TokenRecord | undefined,
  taker: TokenRecord | undefined,
  prices: { tokenPrice(address: string): TokenPrice | undefined; maxAgeMs: number; now: number },
): MakeOrderPrices {
  const makerPrice = maker ? prices.tokenPrice(maker.address) : undefined;
  const takerPrice = taker ? prices.tokenPrice(taker.address) : undefined;
  const market = { text: formatUsd(makerPrice?.price, 3), basis: makerPrice };
  const none = { market, asking: { text: formatUsd(undefined), basis: undefined }, judgement: undefined };
  if (!maker || !taker) return none;
  const makerAmount = parseAmountInput(values.makerAmount, maker.decimals, maker.symbol).value;
  const takerAmount = parseAmountInput(values.takerAmount, taker.decimals, taker.symbol).value;
  if (makerAmount === undefined || takerAmount === undefined) return none;
  const amounts = {
    makerTokenAmount: makerAmount,
    makerDecimals: maker.decimals,
    takerTokenAmount: takerAmount,
    takerDecimals: taker.decimals,
  };
  const asking = takerPrice
    ? getAskingPrice({ takerSymbolPriceUsd: takerPrice.price, ...amounts })
    : undefined;
  return {
    market,
    asking: { text: formatUsd(asking, 3), basis: asking === undefined ? undefined : takerPrice },
    judgement: judgeAskingPrice({
      ...amounts,
      makerPrice,
      takerPrice,
      maxAgeMs: prices.maxAgeMs,
      now: prices.now,
    }),
  };
}
