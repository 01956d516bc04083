import {
  DEV_ACCOUNTS,
  hashOrder,
  networks,
  type OrderListResponse,
  type OrderRecord,
  type TokenRecord,
} from '@relayer/protocol';

const local = networks[50];

/** Network-50 addresses (PROTOCOL.md §8), dev accounts 0-2 and test tokens with 18, 8 and 6 decimals. */
export const EXCHANGE = local.exchange;
export const PROXY = local.tokenTransferProxy;
export const [MAKER, TAKER, FEE_RECIPIENT] = DEV_ACCOUNTS;

export const ZRX: TokenRecord = {
  address: local.zrx,
  name: '0x Protocol Token',
  symbol: 'ZRX',
  decimals: 18,
  verified: true,
};
export const WETH: TokenRecord = {
  address: local.weth,
  name: 'Wrapped Ether',
  symbol: 'WETH',
  decimals: 18,
  verified: true,
};
export const WBTC: TokenRecord = {
  address: '0x34d402f14d58e001d8efbe6585051bf9706aa064',
  name: 'Wrapped Bitcoin',
  symbol: 'WBTC',
  decimals: 8,
  verified: false,
};
export const USDC: TokenRecord = {
  address: '0x25b8fe1de9daf8ba351890744ff28cf7dfa8f5e3',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  verified: false,
};
export const TOKENS = [ZRX, WETH, WBTC, USDC];
export const byAddress = new Map(TOKENS.map((token) => [token.address, token]));

export const RATES = { ETH: '2000', ZRX: '0.5', WBTC: '60000', USDC: '1' };
/** The relayer's `GET /rates` answer for RATES: fresh ticker prices. */
export const RATES_RESPONSE = {
  currency: 'USD',
  rates: RATES,
  source: 'ticker',
  updatedAt: null,
  stale: false,
};

let salt = 1;

/**
 * An open order record (its hash computed, its signature a placeholder); amounts are base-unit strings
 * and default to an unfilled order.
 */
export function orderRecord(overrides: Partial<OrderRecord> = {}): OrderRecord {
  const makerTokenAmount = overrides.makerTokenAmount ?? '1000000000000000000';
  const takerTokenAmount = overrides.takerTokenAmount ?? '200000000000000000';
  salt += 1;
  const record: OrderRecord = {
    exchangeContractAddress: EXCHANGE,
    maker: MAKER,
    taker: '0x0000000000000000000000000000000000000000',
    makerTokenAddress: ZRX.address,
    takerTokenAddress: WETH.address,
    feeRecipient: '0x0000000000000000000000000000000000000000',
    makerFee: '0',
    takerFee: '0',
    expirationUnixTimestampSec: '4102444800',
    salt: String(salt),
    ecSignature: { v: 27, r: `0x${'1'.repeat(64)}`, s: `0x${'2'.repeat(64)}` },
    orderHash: `0x${'0'.repeat(64)}`,
    state: 'open',
    filledTakerTokenAmount: '0',
    cancelledTakerTokenAmount: '0',
    remainingTakerTokenAmount: takerTokenAmount,
    remainingMakerTokenAmount: makerTokenAmount,
    fillableTakerTokenAmount: takerTokenAmount,
    fillableMakerTokenAmount: makerTokenAmount,
    createdAt: 1_700_000_000_000,
    ...overrides,
    makerTokenAmount,
    takerTokenAmount,
  };
  return { ...record, orderHash: overrides.orderHash ?? hashOrder(record) };
}

export function orderPage(
  orders: OrderRecord[],
  overrides: Partial<OrderListResponse> = {},
): OrderListResponse {
  return {
    orders,
    total: orders.length,
    page: 1,
    perPage: 5,
    sort: 'makerFee',
    direction: 'asc',
    nextCursor: null,
    prevCursor: null,
    ...overrides,
  };
}
