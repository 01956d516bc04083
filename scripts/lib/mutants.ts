import type { Mutant } from './plantMutant.ts';

const PROTOCOL_MATH = [
  'src/math/getPartialAmount.test.ts',
  'src/math/isRoundingError.test.ts',
  'src/math/getFillAmounts.test.ts',
  'src/math/getRemainingFillableAmounts.test.ts',
];
/** A shorter, fixed-seed differential run: enough operations to reach every outcome class. */
const DIFFERENTIAL = {
  workspace: 'packages/contracts',
  tests: ['test/exchangeDifferential.test.ts'],
  env: { EXCHANGE_DIFF_OPS: '600', FC_SEED: '20260101' },
};
/** One short, fixed-seed run of the read model's agreement with the database on PGlite, unshrunk. */
const READ_MODEL_AGREEMENT = {
  workspace: 'packages/server',
  tests: ['src/book/sync/readModelAgreement.test.ts'],
  args: ['-t', 'after thousands of seeded changes'],
  env: { FC_SEED: '20260101', READ_MODEL_RUNS: '1', READ_MODEL_OPS: '200', READ_MODEL_SHRINK: '0' },
};
/** The read model's answers to late and out-of-order changes, on PGlite. */
const READ_MODEL_STALE = {
  workspace: 'packages/server',
  tests: ['src/book/sync/readModelStaleChanges.test.ts', 'src/book/sync/readModelLostRemoval.test.ts'],
};
/** The quote executed on anvil, from a seed that reaches partly funded makers with several orders. */
const QUOTE_ON_CHAIN = {
  workspace: 'packages/server',
  tests: ['src/quote/quoteOnChain.test.ts', 'src/quote/walkBook.test.ts'],
  env: { FC_SEED: '11' },
};
const MODEL_ROUNDING = { workspace: 'packages/contracts', tests: ['test/model/rounding.test.ts'] };

/**
 * The planted bugs of `npm run mutation`: each is a small, plausible slip in code whose tests claim to
 * catch it (a flipped comparison, an off-by-one, swapped operands, a dropped rounding check). Anchors are
 * exact text; the book's sit in files another change may move, so a missing anchor stops the run.
 */
export const mutants: Mutant[] = [
  // protocol: the fill math the relayer prices and validates orders with.
  {
    name: 'getPartialAmount rounds up instead of down',
    file: 'packages/protocol/src/math/getPartialAmount.ts',
    anchor: 'return safeMul(numerator, target) / denominator;',
    replacement: 'return (safeMul(numerator, target) + denominator - 1n) / denominator;',
    workspace: 'packages/protocol',
    tests: PROTOCOL_MATH,
  },
  {
    name: 'isRoundingError allows no error at exactly 0.1 % (> becomes >=)',
    file: 'packages/protocol/src/math/isRoundingError.ts',
    anchor: 'return errPercentageTimes1000000 > 1000n;',
    replacement: 'return errPercentageTimes1000000 >= 1000n;',
    workspace: 'packages/protocol',
    tests: PROTOCOL_MATH,
  },
  {
    name: 'getFillAmounts skips the rounding check',
    file: 'packages/protocol/src/math/getFillAmounts.ts',
    anchor: 'if (isRoundingError(filledTakerTokenAmount, takerTokenAmount, makerTokenAmount)) {',
    replacement:
      'if (false && isRoundingError(filledTakerTokenAmount, takerTokenAmount, makerTokenAmount)) {',
    workspace: 'packages/protocol',
    tests: PROTOCOL_MATH,
  },
  {
    name: 'getFillAmounts fills the request, not the remaining amount',
    file: 'packages/protocol/src/math/getFillAmounts.ts',
    anchor: 'const filledTakerTokenAmount = minUint(requested, remaining);',
    replacement: 'const filledTakerTokenAmount = requested;',
    workspace: 'packages/protocol',
    tests: PROTOCOL_MATH,
  },
  {
    name: 'fillability forgets the maker fee when the maker token is ZRX',
    file: 'packages/protocol/src/math/getRemainingFillableAmounts.ts',
    anchor: '? makerAmountFor(taker) + makerFeeFor(taker) <= makerFunds',
    replacement: '? makerAmountFor(taker) <= makerFunds',
    workspace: 'packages/protocol',
    tests: PROTOCOL_MATH,
  },
  {
    name: 'fillability bisection stops one short (off by one)',
    file: 'packages/protocol/src/math/getRemainingFillableAmounts.ts',
    anchor: 'while (hi - lo > 1n) {',
    replacement: 'while (hi - lo > 2n) {',
    workspace: 'packages/protocol',
    tests: PROTOCOL_MATH,
  },
  // contracts: the Exchange model the differential test holds the Solidity to.
  {
    name: "the model's isRoundingError flags exactly 0.1 % (> becomes >=)",
    file: 'packages/contracts/test/model/rounding.ts',
    anchor: 'return errorMillionths > MAX_ERROR_MILLIONTHS;',
    replacement: 'return errorMillionths >= MAX_ERROR_MILLIONTHS;',
    ...MODEL_ROUNDING,
  },
  {
    name: "the model's getPartialAmount is one too many (off by one)",
    file: 'packages/contracts/test/model/rounding.ts',
    anchor: 'return exactShare(numerator, denominator, target).floor();',
    replacement: 'return exactShare(numerator, denominator, target).floor() + 1n;',
    ...MODEL_ROUNDING,
  },
  {
    name: "the model's fillOrder skips the rounding check (step 7)",
    file: 'packages/contracts/test/model/exchangeModel.ts',
    anchor: '  // Step 7.\n  if (isRoundingError(',
    replacement: '  // Step 7.\n  if (false && isRoundingError(',
    ...DIFFERENTIAL,
  },
  {
    name: "the model's fillOrder takes the larger of request and remaining",
    file: 'packages/contracts/test/model/exchangeModel.ts',
    anchor:
      'const filledTakerTokenAmount = fillTakerTokenAmount < remaining ? fillTakerTokenAmount : remaining;',
    replacement:
      'const filledTakerTokenAmount = fillTakerTokenAmount > remaining ? fillTakerTokenAmount : remaining;',
    ...DIFFERENTIAL,
  },
  {
    name: "the model charges the taker the maker's fee",
    file: 'packages/contracts/test/model/exchangeModel.ts',
    anchor:
      'paidTakerFee = getPartialAmount(filledTakerTokenAmount, order.takerTokenAmount, order.takerFee);',
    replacement:
      'paidTakerFee = getPartialAmount(filledTakerTokenAmount, order.takerTokenAmount, order.makerFee);',
    ...DIFFERENTIAL,
  },
  // server: the read model's orderings and change application.
  {
    name: 'ties put the later-received order first',
    file: 'packages/server/src/book/sort/bookOrderings.ts',
    anchor: 'return a.createdAt - b.createdAt || compareOrderHashes(a, b);',
    replacement: 'return b.createdAt - a.createdAt || compareOrderHashes(a, b);',
    workspace: 'packages/server',
    tests: ['src/book/sort/bookOrderings.test.ts', 'src/book/model/NetworkBook.test.ts'],
  },
  {
    name: 'the book price comparison swaps its operands',
    file: 'packages/server/src/book/sort/bookOrderings.ts',
    anchor: 'compareBigints(a.takerAmount * b.makerAmount, b.takerAmount * a.makerAmount);',
    replacement: 'compareBigints(b.takerAmount * a.makerAmount, a.takerAmount * b.makerAmount);',
    workspace: 'packages/server',
    tests: ['src/book/model/NetworkBook.test.ts'],
  },
  {
    name: 'the orderbook fee tie-break adds the wrong orders’ fees',
    file: 'packages/server/src/book/sort/bookOrderings.ts',
    anchor: 'compareBigints(a.makerFee + a.takerFee, b.makerFee + b.takerFee)',
    replacement: 'compareBigints(a.makerFee + b.takerFee, b.makerFee + a.takerFee)',
    workspace: 'packages/server',
    tests: ['src/book/model/NetworkBook.test.ts'],
  },
  {
    name: 'the read model keeps an order a newer version closed',
    file: 'packages/server/src/book/sync/applyChange.ts',
    anchor: 'if (held && held.version < version) {',
    replacement: 'if (held && held.version > version) {',
    ...READ_MODEL_AGREEMENT,
  },
  {
    name: 'the read model updates an order in place but keeps its old fillable amount',
    file: 'packages/server/src/book/sync/applyChange.ts',
    anchor: 'held.fillableTaker = order.fillableTaker;',
    replacement: 'void order.fillableTaker;',
    ...READ_MODEL_AGREEMENT,
  },
  {
    name: 'the read model takes an "added" one version older than the order it holds',
    file: 'packages/server/src/book/sync/applyChange.ts',
    anchor: 'if (held.version >= order.version) return;',
    replacement: 'if (held.version > order.version + 1) return;',
    ...READ_MODEL_STALE,
  },
  {
    name: 'the read model never writes a tombstone for a removal',
    file: 'packages/server/src/book/sync/applyChange.ts',
    anchor: 'if (tombstoneOf(state, hash) < version) state.tombstones[0].set(hash, version);',
    replacement: 'if (false && tombstoneOf(state, hash) < version) state.tombstones[0].set(hash, version);',
    ...READ_MODEL_STALE,
  },
  // server: the market-order quote.
  {
    name: "the quote's walk forgets what a maker's earlier orders used",
    file: 'packages/server/src/quote/walkBook.ts',
    anchor: '    const pool = pools.get(order.maker);',
    replacement: '    const held = pools.get(order.maker);\n    const pool = held && { ...held };',
    ...QUOTE_ON_CHAIN,
  },
  {
    name: 'the quote answers fillOrdersUpTo when an earlier order is only partly filled',
    file: 'packages/server/src/quote/chooseExchangeCall.ts',
    anchor: 'return allButLast.every((fill) => fill.fillTakerAmount === fill.remaining)',
    replacement: 'return allButLast.every((fill) => fill.fillTakerAmount > 0n)',
    ...QUOTE_ON_CHAIN,
  },
];
