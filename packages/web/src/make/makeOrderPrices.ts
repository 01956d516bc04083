import { formatUsd, getAskingPrice, type TokenRecord } from '@relayer/protocol';
import { parseAmountInput } from '../format/amounts';
import type { MakeOrderValues } from './validateMakeOrder';

/** The form's live prices: the maker token's market price and the asking price the typed amounts give. */
export function makeOrderPrices(
  values: Pick<MakeOrderValues, 'makerAmount' | 'takerAmount'>,
  maker: TokenRecord | undefined,
  taker: TokenRecord | undefined,
  marketPrice: (symbol: string) => string | undefined,
): { market: string; asking: string } {
  const market = formatUsd(maker ? marketPrice(maker.symbol) : undefined, 3);
  if (!maker || !taker) return { market, asking: formatUsd(undefined) };
  const makerAmount = parseAmountInput(values.makerAmount, maker.decimals, maker.symbol).value;
  const takerAmount = parseAmountInput(values.takerAmount, taker.decimals, taker.symbol).value;
  if (makerAmount === undefined || takerAmount === undefined) return { market, asking: formatUsd(undefined) };
  const asking = getAskingPrice({
    takerSymbolPriceUsd: marketPrice(taker.symbol),
    makerTokenAmount: makerAmount,
    makerDecimals: maker.decimals,
    takerTokenAmount: takerAmount,
    takerDecimals: taker.decimals,
  });
  return { market, asking: formatUsd(asking, 3) };
}
