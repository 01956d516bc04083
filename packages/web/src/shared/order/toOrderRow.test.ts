import { describe, expect, test } from 'vitest';
import {
  byAddress,
  FAKE_WETH,
  MAKER,
  orderRecord,
  RATES_RESPONSE,
  ratesResponse,
  TAKER,
  USDC,
  WBTC,
  WETH,
  ZRX,
} from '../../test/fixtures';
import { type RowContext, toOrderRow } from './toOrderRow';

const NOW = Date.now();
const NOW_SEC = BigInt(Math.floor(NOW / 1000));
const pricesOf = (rates = RATES_RESPONSE): RowContext['prices'] => ({
  tokenPrice: (address) => rates.tokens[address as keyof typeof rates.tokens],
  maxAgeMs: rates.maxAgeMs,
});
const context: RowContext = { byAddress, prices: pricesOf(), now: NOW, nowSec: NOW_SEC };

describe('toOrderRow', () => {
  test('shows amounts in human units with each token’s decimals (18, 8, 6)', () => {
    const row = toOrderRow(
      orderRecord({
        makerTokenAddress: WBTC.address,
        makerTokenAmount: '150000000',
        takerTokenAddress: USDC.address,
        takerTokenAmount: '90000000000',
      }),
      context,
    );
    expect(row.makerAmount).toMatchObject({ remaining: '1.5', total: '1.5', partial: false });
    expect(row.takerAmount).toMatchObject({ remaining: '90000', partial: false });
    expect(row.makerToken).toEqual({ address: WBTC.address, token: WBTC });
  });

  test('market price is the maker token’s USD price; asking is taker USD × taker / maker amount', () => {
    // 1 ZRX for 0.2 WETH: asking 0.2 × 2000 = 400 USD per ZRX, market 0.5: far above market for a taker.
    const row = toOrderRow(orderRecord(), context);
    expect(row.marketPrice.text).toBe('0.500');
    expect(row.askingPrice.text).toBe('400.000');
    expect(row.askingPrice.basis).toBe(RATES_RESPONSE.tokens[WETH.address]);
    expect(row.judgement).toMatchObject({
      relation: 'above',
      text: '79900.0% above market',
      forTaker: 'bad',
      trusted: true,
    });
  });

  test('an order asking less than the market price is below market: good for the taker', () => {
    // 1 ZRX for 0.0002 WETH: asking $0.4, 20% below the $0.5 market price.
    const row = toOrderRow(orderRecord({ takerTokenAmount: '200000000000000' }), context);
    expect(row.askingPrice.text).toBe('0.400');
    expect(row.judgement).toMatchObject({ relation: 'below', text: '20.0% below market', forTaker: 'good' });
  });

  test('against example prices the judgement is made but not trusted (so not coloured)', () => {
    const examples = ratesResponse(undefined, 'example');
    const row = toOrderRow(orderRecord({ takerTokenAmount: '200000000000000' }), {
      ...context,
      prices: pricesOf(examples),
    });
    expect(row.judgement).toMatchObject({ text: '20.0% below market', trusted: false });
    expect(row.marketPrice.basis?.quality).toBe('example');
  });

  test('prices follow the address, never the symbol: a lookalike WETH has no price and no asking price', () => {
    const withFake = new Map([...byAddress, [FAKE_WETH.address, FAKE_WETH]]);
    const selling = toOrderRow(orderRecord({ makerTokenAddress: FAKE_WETH.address }), {
      ...context,
      byAddress: withFake,
    });
    expect(selling.marketPrice).toEqual({ text: 'N/A', basis: undefined });
    expect(selling.judgement).toBeUndefined();
    const buying = toOrderRow(orderRecord({ takerTokenAddress: FAKE_WETH.address }), {
      ...context,
      byAddress: withFake,
    });
    expect(buying.askingPrice.text).toBe('N/A');
    expect(buying.marketPrice.text).toBe('0.500');
  });

  test('shows N/A without prices', () => {
    expect(toOrderRow(orderRecord(), { ...context, prices: undefined })).toMatchObject({
      marketPrice: { text: 'N/A' },
      askingPrice: { text: 'N/A' },
      judgement: undefined,
    });
  });

  test('fees are 0 when empty and otherwise in ZRX human units', () => {
    expect(toOrderRow(orderRecord({ makerFee: '', takerFee: '0' }), context)).toMatchObject({
      makerFee: '0',
      takerFee: '0',
    });
    expect(toOrderRow(orderRecord({ takerFee: '2500000000000000000' }), context).takerFee).toBe('2.5');
  });

  test('a partly filled order shows the remaining amount of the total', () => {
    const row = toOrderRow(
      orderRecord({
        remainingMakerTokenAmount: '500000000000000000',
        remainingTakerTokenAmount: '100000000000000000',
      }),
      context,
    );
    expect(row.makerAmount).toMatchObject({ remaining: '0.5', total: '1', partial: true });
    expect(row.takerAmount).toMatchObject({ remaining: '0.1', total: '0.2', partial: true });
  });

  test('an unknown token shows raw amounts and no prices', () => {
    const unknown = '0x9999999999999999999999999999999999999999';
    const row = toOrderRow(orderRecord({ makerTokenAddress: unknown, makerTokenAmount: '42' }), context);
    expect(row.makerToken).toEqual({ address: unknown, token: undefined });
    expect(row.makerAmount).toMatchObject({ remaining: '42', baseUnits: true });
    expect(row.marketPrice.text).toBe('N/A');
    expect(row.askingPrice.text).toBe('N/A');
    expect(row.judgement).toBeUndefined();
    expect(row.takerToken.token).toBe(WETH);
    expect(ZRX.decimals).toBe(18);
  });

  test('expiry reads by the chain’s clock, not the computer’s', () => {
    const order = orderRecord({ expirationUnixTimestampSec: String(NOW_SEC + 240n) });
    expect(toOrderRow(order, context).expires).toMatchObject({ text: 'in 4 min', expired: false });
    // The chain's clock 5 minutes ahead: the Exchange already refuses it.
    const ahead = toOrderRow(order, { ...context, nowSec: NOW_SEC + 300n });
    expect(ahead.expires).toMatchObject({ text: 'expired 1 min ago', expired: true });
    expect(ahead.fillability).toMatchObject({
      kind: 'refused',
      detail: expect.stringMatching(/Expired by the chain/),
    });
  });

  test('says whom an order is reserved for: another address, or you', () => {
    const order = orderRecord({ taker: TAKER });
    expect(toOrderRow(order, context).reservedFor).toBe(TAKER);
    expect(toOrderRow(order, { ...context, account: TAKER }).reservedFor).toBe('you');
    expect(toOrderRow(orderRecord(), { ...context, account: MAKER }).reservedFor).toBeUndefined();
  });
});
