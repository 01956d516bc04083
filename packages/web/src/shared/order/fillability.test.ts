import { describe, expect, test } from 'vitest';
import { orderRecord } from '../../test/fixtures';
import { fillability } from './fillability';

const NOW = 1_700_000_000n;
// 1 ZRX for 1 WETH-like amounts: 100 units on the taker side.
const order = (overrides: Parameters<typeof orderRecord>[0] = {}) =>
  orderRecord({
    takerTokenAmount: '100',
    makerTokenAmount: '100',
    expirationUnixTimestampSec: String(NOW + 3600n),
    ...overrides,
  });

describe('fillability', () => {
  test('an untouched order the maker can cover is fully fillable', () => {
    expect(fillability(order(), NOW)).toMatchObject({ kind: 'full', text: 'Fully fillable' });
  });

  test('a partly filled order says how much, and what is left', () => {
    const partly = order({
      filledTakerTokenAmount: '40',
      remainingTakerTokenAmount: '60',
      fillableTakerTokenAmount: '60',
    });
    expect(fillability(partly, NOW)).toMatchObject({
      kind: 'partial',
      text: 'Partly filled 40%',
      detail: '40% filled; 60% is left.',
    });
    const cancelledToo = order({
      filledTakerTokenAmount: '10',
      cancelledTakerTokenAmount: '20',
      remainingTakerTokenAmount: '70',
      fillableTakerTokenAmount: '35',
    });
    expect(fillability(cancelledToo, NOW).detail).toBe(
      '10% filled, 20% cancelled; 70% is left. The maker’s balance or allowance covers 50% of what is left.',
    );
  });

  test('never rounds a sliver to 0% or a near-whole to 100%', () => {
    expect(
      fillability(
        order({
          takerTokenAmount: '1000',
          filledTakerTokenAmount: '1',
          remainingTakerTokenAmount: '999',
          fillableTakerTokenAmount: '999',
        }),
        NOW,
      ).text,
    ).toBe('Partly filled <1%');
    expect(
      fillability(
        order({
          takerTokenAmount: '1000',
          filledTakerTokenAmount: '999',
          remainingTakerTokenAmount: '1',
          fillableTakerTokenAmount: '1',
        }),
        NOW,
      ).text,
    ).toBe('Partly filled >99%');
  });

  test('an order the maker covers only in part is limited, with the share', () => {
    expect(fillability(order({ fillableTakerTokenAmount: '25' }), NOW)).toMatchObject({
      kind: 'limited',
      text: '25% fillable',
    });
  });

  test('refusals say why: expired by the chain’s clock, nothing left, no funds, or the relayer’s state', () => {
    expect(fillability(order({ expirationUnixTimestampSec: String(NOW) }), NOW)).toMatchObject({
      kind: 'refused',
      text: 'Would be refused',
      detail: expect.stringMatching(/Expired by the chain’s clock/),
    });
    expect(
      fillability(order({ remainingTakerTokenAmount: '0', fillableTakerTokenAmount: '0' }), NOW).detail,
    ).toBe('Nothing is left to fill');
    expect(fillability(order({ fillableTakerTokenAmount: '0' }), NOW).detail).toBe(
      'The maker’s balance or allowance covers none of it',
    );
    expect(fillability(order({ state: 'unfunded' }), NOW).detail).toMatch(/no longer covers it/);
  });
});
