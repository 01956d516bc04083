import fc from 'fast-check';
import { MAX_UINT256 } from '../model/ModelWorld.js';
import { TOKEN_GROUPS } from './tokenTable.js';

/*
 * Random sequences for the differential test: a pool of orders and operations that refer to them by
 * index (modulo the pool's size, so shrinking the pool keeps every operation valid).
 */

/** How an order is signed: by its maker, by someone else, or with a broken signature. */
export type SignatureSpec = 'good' | 'otherSigner' | 'badV' | 'badS' | 'tampered';

export interface OrderSpec {
  /** Party index; -1 is the null address (which "signs" with anything unrecoverable). */
  maker: number;
  /** Party index; -1 lets anyone fill. */
  taker: number;
  makerToken: number;
  takerToken: number;
  /** Party index; -1 is no fee recipient. */
  feeRecipient: number;
  makerTokenAmount: bigint;
  takerTokenAmount: bigint;
  makerFee: bigint;
  takerFee: bigint;
  /** Seconds after the first block of the sequence, or an absolute timestamp. */
  expiration: { offset: number } | { at: bigint };
  salt: bigint;
  signature: SignatureSpec;
}

/** A taker-token amount: a fraction of the order's (plus a nudge), or an absolute value. */
export type AmountSpec = { num: number; den: number; plus: number } | { abs: bigint };

/** Batch argument arrays one shorter (out of bounds in the contract) or one longer (ignored). */
export type Skew = 'none' | 'shortAmounts' | 'shortV' | 'longR';

export type Op =
  | { type: 'fill'; order: number; amount: AmountSpec; shouldThrow: boolean; sender: number }
  | { type: 'fillOrKill'; order: number; amount: AmountSpec; sender: number }
  | {
      type: 'batchFill';
      orders: number[];
      amounts: AmountSpec[];
      shouldThrow: boolean;
      sender: number;
      skew: Skew;
    }
  | { type: 'batchFillOrKill'; orders: number[]; amounts: AmountSpec[]; sender: number; skew: Skew }
  | {
      type: 'fillUpTo';
      orders: number[];
      amount: AmountSpec;
      shouldThrow: boolean;
      sender: number;
      skew: Skew;
    }
  /** sender -1: the order's maker (of the first order, for a batch). */
  | { type: 'cancel'; order: number; amount: AmountSpec; sender: number }
  | { type: 'batchCancel'; orders: number[]; amounts: AmountSpec[]; sender: number; skew: Skew }
  | { type: 'setBalance'; token: number; holder: number; amount: bigint }
  | { type: 'approve'; token: number; holder: number; amount: bigint }
  | { type: 'timeJump'; seconds: number };

export interface Scenario {
  orders: OrderSpec[];
  ops: Op[];
}

const EXTREMES = [1n, 2n, (1n << 128n) - 1n, 1n << 128n, 1n << 255n, MAX_UINT256];
const party = fc.integer({ min: 0, max: 3 });
const weighted = <T>(...items: [number, fc.Arbitrary<T>][]) =>
  fc.oneof(...items.map(([weight, arbitrary]) => ({ weight, arbitrary })));

/** Order amounts: small, token-sized, extreme (1, 2^128, 2^255, 2^256-1) and anything. */
const orderAmount = weighted<bigint>(
  [8, fc.bigInt({ min: 1n, max: 1000n })],
  [6, fc.bigInt({ min: 1n, max: 10n ** 6n })],
  [8, fc.bigInt({ min: 1n, max: 10n ** 6n }).map((x) => x * 10n ** 15n)],
  [2, fc.constantFrom(...EXTREMES)],
  [1, fc.bigInt({ min: 1n, max: MAX_UINT256 })],
);
const fee = weighted<bigint>(
  [5, fc.constant(0n)],
  [3, fc.bigInt({ min: 1n, max: 10n ** 18n })],
  [1, fc.constantFrom(...EXTREMES)],
);
/** Any token: mostly the plain ones, ZRX included; sometimes a misbehaving or codeless address. */
const token = weighted<number>(
  [18, fc.constantFrom(...TOKEN_GROUPS.plain)],
  [3, fc.constantFrom(...TOKEN_GROUPS.quirky)],
  [1, fc.constantFrom(...TOKEN_GROUPS.malicious)],
  [2, fc.constantFrom(...TOKEN_GROUPS.codeless)],
);
const expiration = weighted<OrderSpec['expiration']>(
  [1, fc.integer({ min: -1000, max: 0 }).map((offset) => ({ offset }))],
  [2, fc.integer({ min: 1, max: 40 }).map((offset) => ({ offset }))],
  [10, fc.integer({ min: 10 ** 6, max: 10 ** 8 }).map((offset) => ({ offset }))],
  [1, fc.constantFrom(0n, 1n << 255n, MAX_UINT256).map((at) => ({ at }))],
);

export const orderSpecArbitrary: fc.Arbitrary<OrderSpec> = fc.record({
  maker: weighted<number>([20, party], [1, fc.constant(-1)]),
  taker: weighted<number>([6, fc.constant(-1)], [1, party]),
  makerToken: token,
  takerToken: token,
  feeRecipient: weighted<number>([3, fc.constant(-1)], [2, party]),
  makerTokenAmount: orderAmount,
  takerTokenAmount: orderAmount,
  makerFee: fee,
  takerFee: fee,
  expiration,
  salt: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
  signature: weighted<SignatureSpec>(
    [24, fc.constant('good')],
    [1, fc.constantFrom<SignatureSpec>('otherSigner', 'badV', 'badS', 'tampered')],
  ),
});

const fraction = fc
  .record({ den: fc.constantFrom(1, 2, 3, 4, 8), part: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ den, part }) => ({ num: Math.max(1, Math.round(part * den)), den, plus: 0 }));
const amount = weighted<AmountSpec>(
  [8, fraction],
  [2, fc.record({ num: fc.integer({ min: 2, max: 8 }), den: fc.constantFrom(1, 2), plus: fc.constant(0) })],
  [2, fc.record({ num: fc.constant(1), den: fc.constant(1), plus: fc.constantFrom(-1, 1) })],
  [2, fc.constantFrom(0n, 1n, 2n, 1n << 128n, 1n << 255n, MAX_UINT256).map((abs) => ({ abs }))],
  [1, fc.bigInt({ min: 0n, max: MAX_UINT256 }).map((abs) => ({ abs }))],
);
const fundingAmount = weighted<bigint>(
  [2, fc.constant(0n)],
  [2, fc.bigInt({ min: 1n, max: 10n ** 6n })],
  [4, fc.bigInt({ min: 1n, max: 10n ** 9n }).map((x) => x * 10n ** 15n)],
  [2, fc.constantFrom(...EXTREMES)],
);
const allowanceAmount = weighted<bigint>([4, fc.constant(MAX_UINT256)], [3, fundingAmount]);
const orderIndex = fc.nat({ max: 15 });
const orderIndexes = weighted<number[]>(
  [1, fc.constant([])],
  [8, fc.array(orderIndex, { minLength: 1, maxLength: 3, size: 'max' })],
);
const skew = weighted<Skew>(
  [12, fc.constant('none')],
  [1, fc.constantFrom<Skew>('shortAmounts', 'shortV', 'longR')],
);
const sender = weighted<number>([4, fc.constant(1)], [3, party]);
/** -1 is the (first) order's maker, who may cancel. */
const canceller = weighted<number>([3, fc.constant(-1)], [1, party]);

export const opArbitrary: fc.Arbitrary<Op> = weighted<Op>(
  [
    26,
    fc.record({ type: fc.constant('fill'), order: orderIndex, amount, shouldThrow: fc.boolean(), sender }),
  ],
  [7, fc.record({ type: fc.constant('fillOrKill'), order: orderIndex, amount, sender })],
  [
    8,
    fc.record({
      type: fc.constant('batchFill'),
      orders: orderIndexes,
      amounts: fc.array(amount, { minLength: 3, maxLength: 3 }),
      shouldThrow: fc.boolean(),
      sender,
      skew,
    }),
  ],
  [
    5,
    fc.record({
      type: fc.constant('batchFillOrKill'),
      orders: orderIndexes,
      amounts: fc.array(amount, { minLength: 3, maxLength: 3 }),
      sender,
      skew,
    }),
  ],
  [
    8,
    fc.record({
      type: fc.constant('fillUpTo'),
      orders: orderIndexes,
      amount,
      shouldThrow: fc.boolean(),
      sender,
      skew,
    }),
  ],
  [8, fc.record({ type: fc.constant('cancel'), order: orderIndex, amount, sender: canceller })],
  [
    4,
    fc.record({
      type: fc.constant('batchCancel'),
      orders: orderIndexes,
      amounts: fc.array(amount, { minLength: 3, maxLength: 3 }),
      sender: canceller,
      skew,
    }),
  ],
  [
    8,
    fc.record({
      type: fc.constant('setBalance'),
      token: fc.constantFrom(...TOKEN_GROUPS.fundable),
      holder: party,
      amount: fundingAmount,
    }),
  ],
  [
    8,
    fc.record({
      type: fc.constant('approve'),
      token: fc.constantFrom(...TOKEN_GROUPS.approvable),
      holder: party,
      amount: allowanceAmount,
    }),
  ],
  [
    5,
    fc.record({
      type: fc.constant('timeJump'),
      seconds: weighted<number>(
        [3, fc.integer({ min: 1, max: 60 })],
        [1, fc.integer({ min: 1000, max: 10 ** 6 })],
      ),
    }),
  ],
);

export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  orders: fc.array(orderSpecArbitrary, { minLength: 1, maxLength: 6 }),
  ops: fc.array(opArbitrary, { minLength: 1, maxLength: 40, size: 'max' }),
});
