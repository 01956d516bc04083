import { describe, expect, test } from 'vitest';
import { dgdToken, repToken, wethToken } from '../test/fakeRelayer';
import { tradeRecord } from '../test/tradeFixtures';
import { fillAlertText } from './fillAlertText';

const byAddress = new Map([repToken, wethToken, dgdToken].map((token) => [token.address, token]));

describe('fillAlertText', () => {
  test('what the maker sold and got, in human amounts', () => {
    const trade = tradeRecord({
      makerTokenAddress: repToken.address,
      takerTokenAddress: wethToken.address,
      filledMakerTokenAmount: (250n * 10n ** 18n).toString(),
      filledTakerTokenAmount: (15n * 10n ** 17n).toString(),
    });
    expect(fillAlertText(trade, byAddress)).toEqual({
      title: 'Your order was filled',
      body: 'You sold 250 REP for 1.5 WETH.',
    });
  });

  test('an unverified token is marked with its address; an unknown one is named by address in base units', () => {
    const unknown = '0x00000000000000000000000000000000000000aa';
    const trade = tradeRecord({
      makerTokenAddress: dgdToken.address,
      takerTokenAddress: unknown,
      filledMakerTokenAmount: '2500000000',
      filledTakerTokenAmount: '7',
    });
    expect(fillAlertText(trade, byAddress).body).toBe(
      'You sold 2.5 DGD (unverified 0x6dfff2…) for 7 base units of 0x000000….',
    );
  });
});
