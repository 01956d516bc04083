/**
 * Contract addresses for tests whose node is scripted (no contracts behind them): distinct, valid, and
 * easy to tell apart in a captured request.
 */
export const PLACEHOLDER_ADDRESSES = {
  exchange: '0x00000000000000000000000000000000000000e1',
  tokenTransferProxy: '0x00000000000000000000000000000000000000f1',
  zrx: '0x00000000000000000000000000000000000000a1',
  weth: '0x00000000000000000000000000000000000000b1',
  tokenRegistry: '0x00000000000000000000000000000000000000c1',
} as const;
