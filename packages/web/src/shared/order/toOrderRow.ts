import {
  formatUsd,
  getAskingPrice,
  NULL_ADDRESS,
  type OrderRecord,
  type TokenPrice,
  type TokenRecord,
} from '@relayer/protocol';
import { baseUnits, formatShortAmount } from '../../format/amounts';
import { judgeAskingPrice, type PriceJudgement } from '../../prices/judgeAskingPrice';
import { type ExpiryText, expiryText } from './expiryText';
import { type Fillability, fillability } from './fillability';

/** ZRX has 18 decimals on every network; used when the token list has not named it (yet). */
export const ZRX_DECIMALS = 18;

export interface TokenCell {
  address: string;
  /** The relayer's record; undefined for a token it does not list. */
  token: TokenRecord | undefined;
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

export interface PriceCell {
  /** 3 decimals, or 'N/A'. */
  text: string;
  /** The USD price the figure rests on (the maker token's for the market price, the taker token's for
   * the asking price), for its source and age. */
  basis: TokenPrice | undefined;
}

export interface OrderRow {
  id: string;
  order: OrderRecord;
  marketPrice: PriceCell;
  askingPrice: PriceCell;
  /** The asking price against the market, from the taker's side. */
  judgement: PriceJudgement | undefined;
  makerToken: TokenCell;
  takerToken: TokenCell;
  makerFee: string;
  takerFee: string;
  makerAmount: AmountCell;
  takerAmount: AmountCell;
  expires: ExpiryText;
  fillability: Fillability;
  /** Only this address may take the order: 'you' when that is the connected account. */
  reservedFor: 'you' | string | undefined;
}

export interface RowContext {
  byAddress: ReadonlyMap<string, TokenRecord>;
  /** USD prices by token address (never by symbol), and their age limit. */
  prices: { tokenPrice(address: string): TokenPrice | undefined; maxAgeMs: number } | undefined;
  zrxDecimals?: number;
  /** Wall clock (Unix ms), for the prices' age. */
  now: number;
  /** The chain's clock (Unix seconds), for expiry. */
  nowSec: bigint;
  /** Lower-case address of the connected account. */
  account?: string;
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

/**
 * What a row of the orders table shows for one order (SPEC §2, §9): human amounts, USD prices by token
 * address with their provenance, the taker's judgement of the asking price, fees, expiry by the chain's
 * clock, how much of it would fill, and whom it is reserved for.
 */
export function toOrderRow(order: OrderRecord, context: RowContext): OrderRow {
  const { byAddress, prices, zrxDecimals = ZRX_DECIMALS } = context;
  const maker = byAddress.get(order.makerTokenAddress);
  const taker = byAddress.get(order.takerTokenAddress);
  // Unlisted tokens have no decimals here, so no price can be derived for them.
  const makerPrice = maker ? prices?.tokenPrice(maker.address) : undefined;
  const takerPrice = taker ? prices?.tokenPrice(taker.address) : undefined;
  const asking =
    maker && taker && takerPrice
      ? getAskingPrice({
          takerSymbolPriceUsd: takerPrice.price,
          makerTokenAmount: order.makerTokenAmount,
          makerDecimals: maker.decimals,
          takerTokenAmount: order.takerTokenAmount,
          takerDecimals: taker.decimals,
        })
      : undefined;
  const judgement =
    maker && taker && prices
      ? judgeAskingPrice({
          makerTokenAmount: order.makerTokenAmount,
          makerDecimals: maker.decimals,
          takerTokenAmount: order.takerTokenAmount,
          takerDecimals: taker.decimals,
          makerPrice,
          takerPrice,
          maxAgeMs: prices.maxAgeMs,
          now: context.now,
        })
      : undefined;
  const reserved = order.taker !== NULL_ADDRESS;
  return {
    id: order.orderHash,
    order,
    marketPrice: { text: formatUsd(makerPrice?.price, 3), basis: makerPrice },
    askingPrice: { text: formatUsd(asking, 3), basis: asking === undefined ? undefined : takerPrice },
    judgement,
    makerToken: { address: order.makerTokenAddress, token: maker },
    takerToken: { address: order.takerTokenAddress, token: taker },
    makerFee: formatShortAmount(order.makerFee || '0', zrxDecimals),
    takerFee: formatShortAmount(order.takerFee || '0', zrxDecimals),
    makerAmount: amountCell(order.remainingMakerTokenAmount, order.makerTokenAmount, maker),
    takerAmount: amountCell(order.remainingTakerTokenAmount, order.takerTokenAmount, taker),
    expires: expiryText(order.expirationUnixTimestampSec, context.nowSec),
    fillability: fillability(order, context.nowSec),
    reservedFor: !reserved ? undefined : order.taker === context.account ? 'you' : order.taker,
  };
}
