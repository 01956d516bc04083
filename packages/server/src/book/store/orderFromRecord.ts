import type { OrderRecord, Shortfall } from '@relayer/protocol';
import { BookOrder } from '../model/BookOrder.js';
import type { NetworkBook } from '../model/NetworkBook.js';
import { packSignature } from '../model/packSignature.js';
import { amount, isHex, own, V_HEX } from './rowText.js';

/**
 * `packSignature(v, r, s)` of an accepted order's signature, by joining texts when r and s are 0x and
 * 64 hex digits (as the decoder joins a row's): no trip through a Buffer per order.
 */
function recordSignature(v: number, r: string, s: string): string {
  if (
    Number.isInteger(v) &&
    v >= 0 &&
    v < 256 &&
    r.length === 66 &&
    s.length === 66 &&
    isHex(r, 2, 66) &&
    isHex(s, 2, 66)
  ) {
    return (V_HEX[v] + r.slice(2) + s.slice(2)).toLowerCase();
  }
  return packSignature(v, r, s);
}

/** An accepted order's record as a BookOrder (the symbols come with the acceptance's event). */
export function orderFromRecord(
  book: NetworkBook,
  record: OrderRecord,
  symbols: { maker: string; taker: string },
  version: number,
): BookOrder {
  const makerAmount = amount(record.makerTokenAmount);
  const takerAmount = amount(record.takerTokenAmount);
  const makerFee = amount(record.makerFee);
  const shortfalls: Shortfall[] = record.shortfalls ?? [];
  return new BookOrder(
    {
      // The hash as one flat string: an accepted order's is made by concatenation (`0x${hex}`), and a
      // concatenation compared in every index insert's ties, and written into every page, costs more.
      hash: own(record.orderHash),
      maker: book.maker(record.maker),
      makerToken: book.text(record.makerTokenAddress),
      takerToken: book.text(record.takerTokenAddress),
      makerSymbol: book.text(symbols.maker),
      takerSymbol: book.text(symbols.taker),
      terms: book.terms(
        book.text(record.exchangeContractAddress),
        book.text(record.taker),
        book.text(record.feeRecipient),
      ),
      makerAmount,
      takerAmount,
      makerFee,
      takerFee: amount(record.takerFee, makerFee),
      expiration: BigInt(record.expirationUnixTimestampSec),
      salt: BigInt(record.salt),
      signature: recordSignature(record.ecSignature.v, record.ecSignature.r, record.ecSignature.s),
      createdAt: record.createdAt,
      version,
      filled: amount(record.filledTakerTokenAmount),
      cancelled: amount(record.cancelledTakerTokenAmount),
      fillableTaker: amount(record.fillableTakerTokenAmount, takerAmount),
      fillableMaker: amount(record.fillableMakerTokenAmount, makerAmount),
      shortfalls: shortfalls.length === 0 ? '[]' : JSON.stringify(shortfalls),
    },
    book.texts,
  );
}
