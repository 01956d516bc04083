import { describe, expect, test } from 'vitest';
import { byAddress, orderRecord, RATES, USDC, WBTC, WETH, ZRX } from '../../test/fixtures';
import { toOrderRow } from './toOrderRow';

const context = { byAddress, rates: RATES };

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
    expect(row.makerToken).toEqual({ address: WBTC.address, label: 'WBTC', known: true });
  });

  test('market price is the maker token’s USD price; asking is taker USD × taker / maker amount', () => {
    // 1 ZRX for 0.2 WETH: asking 0.2 × 2000 = 400 USD per ZRX, market 0.5.
    const row = toOrderRow(orderRecord(), context);
    expect(row.marketPrice).toBe('0.500');
    expect(row.askingPrice).toBe('400.000');
    expect(row.priceClass).toBe('good');
  });

  test('asking at or below market is bad', () => {
    const row = toOrderRow(orderRecord({ takerTokenAmount: '100000000000000' }), context);
    expect(row.askingPrice).toBe('0.200');
    expect(row.priceClass).toBe('bad');
  });

  test('shows N/A when a rate is missing', () => {
    const row = toOrderRow(orderRecord(), { byAddress, rates: { ETH: '2000' } });
    expect(row.marketPrice).toBe('N/A');
    expect(row.askingPrice).toBe('400.000');
    expect(toOrderRow(orderRecord(), { byAddress, rates: undefined }).askingPrice).toBe('N/A');
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

  test('an unknown token shows its shortened address, raw amounts and no prices', () => {
    const unknown = '0x9999999999999999999999999999999999999999';
    const row = toOrderRow(orderRecord({ makerTokenAddress: unknown, makerTokenAmount: '42' }), context);
    expect(row.makerToken).toEqual({ address: unknown, label: '0x999999…', known: false });
    expect(row.makerAmount).toMatchObject({ remaining: '42', baseUnits: true });
    expect(row.marketPrice).toBe('N/A');
    expect(row.askingPrice).toBe('N/A');
    expect(row.priceClass).toBeUndefined();
    expect(row.takerToken.label).toBe(WETH.symbol);
    expect(ZRX.decimals).toBe(18);
  });
});
