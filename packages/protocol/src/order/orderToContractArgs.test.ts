import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { orderToContractArgs } from './orderToContractArgs';

describe('orderToContractArgs', () => {
  test('lays vector B out as the contract’s address[5] and uint256[6]', () => {
    const b = vectors.orderB.signedOrder;
    expect(orderToContractArgs(b)).toEqual({
      orderAddresses: [b.maker, b.taker, b.makerTokenAddress, b.takerTokenAddress, b.feeRecipient],
      orderValues: [
        500000000000000000n,
        1000000000000000000000n,
        1000000000000000000n,
        2000000000000000000n,
        4102444800n,
        67006738228878699843088602623665307406148487219438534730168799356281242528500n,
      ],
    });
  });

  test('yields the words of the documented fillOrder calldata for vector A', () => {
    const { orderAddresses, orderValues } = orderToContractArgs(vectors.orderA.signedOrder);
    const { fillOrder } = vectors.orderA;
    const { v, r, s } = vectors.orderA.signedOrder.ecSignature;
    const word = (value: bigint | string) =>
      (typeof value === 'bigint' ? value.toString(16) : value.slice(2)).padStart(64, '0');
    const calldata = [
      '0xbc61394a',
      ...orderAddresses.map(word),
      ...orderValues.map(word),
      word(fillOrder.fillTakerTokenAmount),
      word(fillOrder.shouldThrowOnInsufficientBalanceOrAllowance ? 1n : 0n),
      word(BigInt(v)),
      word(r),
      word(s),
    ].join('');
    expect(calldata).toBe(fillOrder.calldata);
  });
});
