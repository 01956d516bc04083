import {
  classifyPrice,
  formatUsd,
  getAskingPrice,
  getMarketPrice,
  type OrderRecord,
  type PriceClass,
  type Rates,
  type TokenRecord,
} from '@relayer/protocol';
import { baseUnits, formatShortAmount } from '../../format/amounts';
import { shortenAddress } from '../../format/shortenAddress';

/** ZRX has 18 decimals on every network; used when the token list has not named it (yet). */
export const ZRX_DECIMALS = 18;

export interface TokenCell {
  address: string;
  /** The symbol, or the shortened address of a token the relayer's list does not know. */
  label: string;
  known: boolean;
}

export interface AmountCell {
  /** Human amount still open (what a taker can get or give now). */
  remaining: string;
  total: string;
  /** True once part of the order is filled or cancelled: the cell reads "remaining of total". */
  partial: boolean;
  /** The token's decimals are unknown, so the amounts are raw base units. */
  baseUnits: boolean;
}

export interface OrderRow {
  id: string;
  order: OrderRecord;
  marketPrice: string;
  askingPrice: string;
  priceClass: PriceClass | undefined;
  makerToken: TokenCell;
  takerToken: TokenCell;
  makerFee: string;
  takerFee: string;
  makerAmount: AmountCell;
  takerAmount: AmountCell;
}

export interface RowContext {
  byAddress: ReadonlyMap<string, TokenRecord>;
  rates: Rates | undefined;
  zrxDecimals?: number;
}

function tokenCell(address: string, token: TokenRecord | undefined): TokenCell {
  return token
    ? { address, label: token.symbol, known: true }
    : { address, label: shortenAddress(address), known: false };
}

function amountCell(remaining: string, total: string, token: TokenRecord | undefined): AmountCell {
  const partial = baseUnits(remaining) !== baseUnits(total);
  if (!token) return { remaining, total, partial, baseUnits: true };
  return {
    remaining: formatShortAmount(remaining, token.decimals),
    total: formatShortAmount(total, token.decimals),
    partial,
    baseUnits: false,
  };
}

/** What a row of the orders table shows for one order (SPEC §2, §9): human amounts, USD prices, fees. */
export function toOrderRow(
  order: OrderRecord,
  { byAddress, rates, zrxDecimals = ZRX_DECIMALS }: RowContext,
): OrderRow {
  const maker = byAddress.get(order.makerTokenAddress);
  const taker = byAddress.get(order.takerTokenAddress);
  const market = maker && rates ? getMarketPrice(rates, maker.symbol) : undefined;
  const asking =
    maker && taker && rates
      ? getAskingPrice({
          takerSymbolPriceUsd: getMarketPrice(rates, taker.symbol),
          makerTokenAmount: order.makerTokenAmount,
          makerDecimals: maker.decimals,
          takerTokenAmount: order.takerTokenAmount,
          takerDecimals: taker.decimals,
        })
      : undefined;
  return {
    id: order.orderHash,
    order,
    marketPrice: formatUsd(market, 3),
    askingPrice: formatUsd(asking, 3),
    priceClass: classifyPrice(asking, market),
    makerToken: tokenCell(order.makerTokenAddress, maker),
    takerToken: tokenCell(order.takerTokenAddress, taker),
    makerFee: formatShortAmount(order.makerFee || '0', zrxDecimals),
    takerFee: formatShortAmount(order.takerFee || '0', zrxDecimals),
    makerAmount: amountCell(order.remainingMakerTokenAmount, order.makerTokenAmount, maker),
    takerAmount: amountCell(order.remainingTakerTokenAmount, order.takerTokenAmount, taker),
  };
}
