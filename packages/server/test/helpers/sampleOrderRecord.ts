import type { OrderRecord } from '@relayer/protocol';

const hex = (byte: string, bytes: number) => `0x${byte.repeat(bytes)}` as `0x${string}`;

/** A well-formed OrderRecord for unit tests of the WebSocket layer (not a real signature). */
export function sampleOrderRecord(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    exchangeContractAddress: hex('12', 20),
    maker: hex('aa', 20),
    taker: hex('00', 20),
    makerTokenAddress: hex('0a', 20),
    takerTokenAddress: hex('0b', 20),
    feeRecipient: hex('00', 20),
    makerTokenAmount: '1000000000000000000',
    takerTokenAmount: '2000000000000000000',
    makerFee: '0',
    takerFee: '0',
    expirationUnixTimestampSec: '4102444800',
    salt: '123456789',
    ecSignature: { v: 27, r: hex('11', 32), s: hex('22', 32) },
    orderHash: hex('ab', 32),
    state: 'open',
    filledTakerTokenAmount: '0',
    cancelledTakerTokenAmount: '0',
    remainingTakerTokenAmount: '2000000000000000000',
    remainingMakerTokenAmount: '1000000000000000000',
    fillableTakerTokenAmount: '2000000000000000000',
    fillableMakerTokenAmount: '1000000000000000000',
    createdAt: 1_767_225_600_000,
    ...overrides,
  };
}
