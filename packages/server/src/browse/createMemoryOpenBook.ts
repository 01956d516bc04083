import { orderRecordsJson, pageBytes, signedOrdersJson, toOrderRecord } from '../book/json/bookOrderJson.js';
import type { BookOrder } from '../book/model/BookOrder.js';
import type { NetworkBook } from '../book/model/NetworkBook.js';
import { bookMarket, bookPairOrders, bookSraOrders } from '../book/query/bookMarkets.js';
import { bookPageJson, listBookOrders } from '../book/query/listBookOrders.js';
import { isStoredSort } from '../book/sort/bookOrderings.js';
import type { ReadModel } from '../book/sync/createReadModel.js';
import type { BookAnswer, OfferAmounts, OpenBook } from './OpenBook.js';

export interface MemoryOpenBookOptions {
  model: ReadModel;
  network: string;
  /** What the model does not hold: history (states other than open) and the derived sorts. */
  history: OpenBook;
}

/**
 * The open book from the in-memory read model, as production serves it. Answers are made at once from
 * the current book; while it is (re)built or a change is being read they wait for it, so a route
 * never chooses between memory and database. Pages are sent as UTF-8 bytes (`pageBytes`): the socket
 * takes a Buffer as it is, and a kept page is sent again without being measured or encoded.
 */
export function createMemoryOpenBook(options: MemoryOpenBookOptions): OpenBook {
  const { model, network, history } = options;
  const fromBook = <T>(make: (book: NetworkBook) => T): BookAnswer<T> => {
    const current = model.bookNow(network);
    if (current) return make(current);
    return async () => make(await model.book(network));
  };
  return {
    orders(query, inputs) {
      const { sort } = query;
      const open = query.state.length === 1 && query.state[0] === 'open';
      if (!open || !isStoredSort(sort)) return history.orders(query, inputs);
      // `sort` is the query's own, a stored one: no copy of the query to say so.
      const stored = query as typeof query & { sort: typeof sort };
      return fromBook((book) => pageBytes(bookPageJson(listBookOrders(book, stored)), book.texts));
    },
    sraOrders(filters, page, perPage) {
      return fromBook((book) => {
        const found = bookSraOrders(book, filters, page, perPage);
        return { body: pageBytes(signedOrdersJson(found.orders), book.texts), total: found.total };
      });
    },
    market({ base, quote, page, perPage, records }) {
      return fromBook((book) => {
        const { bids, asks, counts } = bookMarket(book, base, quote, perPage, (page - 1) * perPage);
        // Written as JSON.stringify would write the OrderbookRecordsResponse or the SRA answer.
        const body = records
          ? `{"bids":${orderRecordsJson(bids)},"asks":${orderRecordsJson(asks)},` +
            `"total":{"bids":${counts.bids},"asks":${counts.asks}},"page":${page},"perPage":${perPage}}`
          : `{"bids":${signedOrdersJson(bids)},"asks":${signedOrdersJson(asks)}}`;
        return { body: pageBytes(body, book.texts), total: Math.max(counts.bids, counts.asks) };
      });
    },
    pairOrders({ makerToken, takerToken, limit }) {
      return fromBook((book) => bookPairOrders(book, makerToken, takerToken, limit).map(toOrderRecord));
    },
    bestOffers(base, quote) {
      return fromBook((book) => {
        const { bids, asks } = bookMarket(book, base, quote, 1);
        return { bid: offerAmounts(bids[0]), ask: offerAmounts(asks[0]) };
      });
    },
    onChange(listener) {
      return model.onChange((changed) => {
        if (changed === network) listener();
      });
    },
  };
}

function offerAmounts(order: BookOrder | undefined): OfferAmounts | null {
  if (!order) return null;
  const { makerTokenAmount, takerTokenAmount } = toOrderRecord(order);
  return { makerTokenAmount, takerTokenAmount };
}
