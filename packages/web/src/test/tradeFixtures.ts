import type { TradeRecord } from '@relayer/protocol';
import { MAKER, TAKER, WETH, ZRX } from './fixtures';

let counter = 0;

/** A ZRX/WETH fill (1000 ZRX for 1 WETH unless overridden), one block after the last one made. */
export function tradeRecord(overrides: Partial<TradeRecord> = {}): TradeRecord {
  counter += 1;
  const hex = counter.toString(16).padStart(64, '0');
  return {
    transactionHash: `0x${hex.replace(/^0/, 'a')}`,
    blockNumber: 100 + counter,
    blockHash: `0x${hex.replace(/^0/, 'b')}`,
    logIndex: 0,
    timestamp: 1_700_000_000 + counter,
    orderHash: `0x${'c'.repeat(64)}`,
    maker: MAKER,
    taker: TAKER,
    feeRecipient: '0x0000000000000000000000000000000000000000',
    makerTokenAddress: ZRX.address,
    takerTokenAddress: WETH.address,
    filledMakerTokenAmount: (1000n * 10n ** 18n).toString(),
    filledTakerTokenAmount: (10n ** 18n).toString(),
    paidMakerFee: '0',
    paidTakerFee: '0',
    ...overrides,
  };
}
