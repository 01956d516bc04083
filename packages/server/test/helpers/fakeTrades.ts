import type { Address, Hex, TradeRecord } from '@relayer/protocol';
import type { Queryable } from '../../src/db/Database.js';
import { recordTrades } from '../../src/trades/recordTrades.js';
import { MAKER_1, MAKER_2, TOKEN_A, TOKEN_B, TOKEN_C } from './fakeAddresses.js';
import { fakeHash } from './fakeOrders.js';

export const TAKER_1: Address = `0x${'7'.repeat(40)}`;
export const TAKER_2: Address = `0x${'8'.repeat(40)}`;
export const ORDERS: Hex[] = Array.from({ length: 6 }, (_, i) => fakeHash(`order ${i}`) as Hex);
export const TRADE_MAKERS: Address[] = [MAKER_1, MAKER_2, TAKER_1];
export const TRADE_TAKERS: Address[] = [TAKER_1, TAKER_2, MAKER_1];
export const TRADE_TOKENS: Address[] = [TOKEN_A, TOKEN_B, TOKEN_C];

/** Every ordered pair of the three tokens. */
const PAIRS = TRADE_TOKENS.flatMap((a) => TRADE_TOKENS.filter((b) => b !== a).map((b) => [a, b]));

/** A trade with plausible values; `overrides` win. */
export function fakeTrade(overrides: Partial<TradeRecord> = {}): TradeRecord {
  const blockNumber = overrides.blockNumber ?? 1;
  const logIndex = overrides.logIndex ?? 0;
  return {
    transactionHash: fakeHash(`tx ${blockNumber}:${logIndex}`) as Hex,
    blockNumber,
    blockHash: fakeHash(`block ${blockNumber}`) as Hex,
    logIndex,
    timestamp: 1_700_000_000 + blockNumber * 12,
    orderHash: ORDERS[0] as Hex,
    maker: MAKER_1,
    taker: TAKER_1,
    feeRecipient: `0x${'0'.repeat(40)}`,
    makerTokenAddress: TOKEN_A,
    takerTokenAddress: TOKEN_B,
    filledMakerTokenAmount: String(1000 + blockNumber),
    filledTakerTokenAmount: String(10n ** 30n + BigInt(logIndex)),
    paidMakerFee: String(logIndex),
    paidTakerFee: '0',
    ...overrides,
  };
}

/**
 * A deterministic history: `count` trades over blocks 1.., up to three per block, varying the order,
 * maker, taker (sometimes the maker itself) and the pair (every ordered pair of A, B and C).
 */
export function fakeHistory(count: number): TradeRecord[] {
  const trades: TradeRecord[] = [];
  for (let i = 0; i < count; i++) {
    const blockNumber = 1 + Math.floor(i / 3) + (i % 7 === 0 ? 5 : 0);
    const [makerToken, takerToken] = PAIRS[i % PAIRS.length] as [Address, Address];
    const maker = TRADE_MAKERS[(i * 5) % 3] as Address;
    trades.push(
      fakeTrade({
        blockNumber,
        logIndex: (i % 3) * 2 + (i % 2),
        orderHash: ORDERS[(i * 7) % ORDERS.length] as Hex,
        maker,
        taker: i % 11 === 0 ? maker : (TRADE_TAKERS[(i * 2) % 3] as Address),
        makerTokenAddress: makerToken,
        takerTokenAddress: takerToken,
      }),
    );
  }
  // Positions must be unique: later duplicates are dropped.
  const seen = new Set<string>();
  return trades.filter((t) => {
    const key = `${t.blockNumber}:${t.logIndex}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function insertTrades(db: Queryable, network: string, trades: readonly TradeRecord[]) {
  for (let i = 0; i < trades.length; i += 500) await recordTrades(db, network, trades.slice(i, i + 500));
}

/** Newest first, as every page is ordered. */
export function newestFirst(trades: readonly TradeRecord[]): TradeRecord[] {
  return [...trades].sort((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex);
}
