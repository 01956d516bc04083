import {
  type ChainStatus,
  DEV_ACCOUNTS,
  hashOrder,
  networks,
  type OrderListResponse,
  type OrderRecord,
  type PriceQuality,
  type RatesResponse,
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
  verified: true,
};
export const USDC: TokenRecord = {
  address: '0x25b8fe1de9daf8ba351890744ff28cf7dfa8f5e3',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  verified: true,
};
/** A coin of the price source's registry that is not one of the network's known contracts. */
export const REP: TokenRecord = {
  address: `0x${'07'.repeat(20)}`,
  name: 'Augur',
  symbol: 'REP',
  decimals: 18,
  verified: true,
};
/** A lookalike anyone could add: wrapped ether's name and symbol on another contract, unverified. */
export const FAKE_WETH: TokenRecord = {
  address: '0x00000000000000000000000000000000000fa4e0',
  name: 'Wrapped Ether',
  symbol: 'WETH',
  decimals: 18,
  verified: false,
};
export const TOKENS = [ZRX, WETH, WBTC, USDC];
/** The listed tokens plus the unverified lookalike. */
export const TOKENS_WITH_FAKE = [...TOKENS, FAKE_WETH];
export const byAddress = new Map(TOKENS.map((token) => [token.address, token]));

/** USD prices by token address (never by symbol): the fake WETH has none. */
export const PRICES: Record<string, string> = {
  [ZRX.address]: '0.5',
  [WETH.address]: '2000',
  [WBTC.address]: '60000',
  [USDC.address]: '1',
};
/** Catalogue coins' prices by catalogue symbol. */
export const COIN_PRICES: Record<string, string> = {
  ETH: '2000',
  WETH: '2000',
  ZRX: '0.5',
  WBTC: '60000',
  USDC: '1',
};

/**
 * A relayer `GET /rates` answer: `tokens` priced by address, `coins` by symbol, every price of one
 * quality (`live` prices dated now, so the app judges them fresh; `example` ones static, undated).
 */
export function ratesResponse(
  tokens: Record<string, string> = PRICES,
  quality: PriceQuality = 'live',
  coins: Record<string, string> = COIN_PRICES,
  asOf: string = new Date().toISOString(),
): RatesResponse {
  const source = quality === 'example' ? 'static' : 'coingecko';
  const when = quality === 'example' ? null : asOf;
  const price = (value: string, symbol: string | null) =>
    ({ price: value, symbol, source, asOf: when, quality }) as const;
  return {
    currency: 'USD',
    source: quality === 'example' ? 'static' : 'ticker',
    updatedAt: when,
    stale: quality === 'stale',
    maxAgeMs: 900_000,
    tokens: Object.fromEntries(
      Object.entries(tokens).map(([address, value]) => [
        address,
        { ...price(value, null), basis: 'registry' as const },
      ]),
    ),
    coins: Object.fromEntries(Object.entries(coins).map(([symbol, value]) => [symbol, price(value, symbol)])),
  };
}

/** The relayer's `GET /rates` answer for PRICES: live market data. */
export const RATES_RESPONSE = ratesResponse();

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

/** An order (the default amounts) filled in full: nothing remains or can be filled. */
export function filledOrderRecord(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return orderRecord({
    state: 'filled',
    reason: 'ORDER_REMAINING_FILL_AMOUNT_ZERO',
    filledTakerTokenAmount: '200000000000000000',
    remainingTakerTokenAmount: '0',
    remainingMakerTokenAmount: '0',
    fillableTakerTokenAmount: '0',
    fillableMakerTokenAmount: '0',
    ...overrides,
  });
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

/** The relayer's `GET /chain` answer, the chain's clock `aheadSec` ahead of the server's `serverTimeSec`. */
export function chainStatus(serverTimeSec: number, aheadSec = 0): ChainStatus {
  const nowSec = serverTimeSec + aheadSec;
  return {
    chainId: 1,
    blockNumber: 9,
    blockTimestampSec: nowSec,
    serverTimeSec,
    nowSec,
    expiryMarginSec: 60,
  };
}
