import { type Address, NULL_ADDRESS, type OrderRecord } from '@relayer/protocol';
import type { OpenBook } from '../browse/OpenBook.js';
import { isExpired } from '../chain/computeOrderState.js';
import type { ChainReader } from '../chain/createChainReader.js';
import { toSraOrder } from '../orders/toSraOrder.js';
import type { MakerFunds, WalkOrder } from './walkBook.js';

/** Most orders read from the book per quote: the taker's own, expired and private ones are passed over. */
const BOOK_READ_LIMIT = 200;
/** Most orders whose state is read on chain (and walked) per quote. */
export const QUOTE_MAX_ORDERS = 50;
/** Most makers whose funds are read per quote: orders of further makers are not walked. */
export const QUOTE_MAX_MAKERS = 20;
/** Orders read on chain at a time: most quotes are filled by the first few orders. */
const CHAIN_BATCH = 10;

export interface QuoteBookContext {
  openBook: Pick<OpenBook, 'pairOrders'>;
  reader: Pick<ChainReader, 'getOrderChainState' | 'getBlockNumber'>;
  /** The chain's clock in Unix seconds, and the margin acceptance prunes expiring orders by. */
  nowSec: number;
  expiryMarginSec: number;
}

export interface QuoteBookQuery {
  sellToken: Address;
  buyToken: Address;
  takerAddress: Address | undefined;
}

/** The walk's orders read so far and their makers' funds, all at one block. */
export interface QuoteBook {
  orders: WalkOrder[];
  funds: Map<string, MakerFunds>;
}

/**
 * The orders a taker of `sellToken` for `buyToken` may fill, best price first, with their state and
 * their makers' funds read from the chain at one block. Read in batches: `enough` is asked after each
 * whether the orders so far cover the quote, so a quote filled by the best orders reads only those.
 * Bounded: at most QUOTE_MAX_ORDERS orders of at most QUOTE_MAX_MAKERS makers.
 */
export async function readQuoteBook(
  context: QuoteBookContext,
  query: QuoteBookQuery,
  enough: (book: QuoteBook) => boolean,
): Promise<QuoteBook> {
  const answer = context.openBook.pairOrders({
    makerToken: query.buyToken,
    takerToken: query.sellToken,
    limit: BOOK_READ_LIMIT,
  });
  const records = typeof answer === 'function' ? await answer() : answer;
  const candidates = eligible(context, query, records);
  const book: QuoteBook = { orders: [], funds: new Map() };
  if (candidates.length === 0) return book;
  const blockNumber = await context.reader.getBlockNumber();
  for (let start = 0; start < candidates.length; start += CHAIN_BATCH) {
    const batch = candidates.slice(start, start + CHAIN_BATCH);
    const states = await Promise.all(
      batch.map((record) =>
        context.reader.getOrderChainState(toSraOrder(record), record.orderHash, { blockNumber }),
      ),
    );
    batch.forEach((record, i) => {
      const state = states[i];
      if (!state) return;
      const unavailable = state.filledTakerTokenAmount + state.cancelledTakerTokenAmount;
      const total = BigInt(record.takerTokenAmount);
      book.orders.push({
        order: toSraOrder(record),
        orderHash: record.orderHash,
        remaining: unavailable >= total ? 0n : total - unavailable,
      });
      // One block, so every order of a maker reads the same funds: the first one stands for them all.
      if (!book.funds.has(record.maker)) {
        book.funds.set(record.maker, {
          balance: state.makerBalance,
          allowance: state.makerAllowance,
          zrxBalance: state.makerZrxBalance,
          zrxAllowance: state.makerZrxAllowance,
        });
      }
    });
    if (enough(book)) break;
  }
  return book;
}

/** The orders the taker may fill now, within the bounds on orders and makers. */
function eligible(context: QuoteBookContext, query: QuoteBookQuery, records: OrderRecord[]): OrderRecord[] {
  const { takerAddress } = query;
  const makers = new Set<string>();
  const picked: OrderRecord[] = [];
  for (const record of records) {
    if (picked.length === QUOTE_MAX_ORDERS) break;
    if (record.maker === takerAddress) continue;
    if (record.taker !== NULL_ADDRESS && record.taker !== takerAddress) continue;
    if (isExpired(record.expirationUnixTimestampSec, context.nowSec, context.expiryMarginSec)) continue;
    if (!makers.has(record.maker)) {
      if (makers.size === QUOTE_MAX_MAKERS) continue;
      makers.add(record.maker);
    }
    picked.push(record);
  }
  return picked;
}
