import { describe, expect, test } from 'vitest';
import * as protocol from './index';
import * as native from './native/index';

describe('@relayer/protocol', () => {
  test('exports the API other packages are written against', () => {
    const names = [
      'addressSchema',
      'NULL_ADDRESS',
      'bytes32Schema',
      'uint256StringSchema',
      'signedOrderSchema',
      'tokenSchema',
      'parseSignedOrder',
      'hashOrder',
      'orderToContractArgs',
      'personalMessageHash',
      'recoverSigner',
      'isValidSignature',
      'parseSignature',
      'generateSalt',
      'getPartialAmount',
      'isRoundingError',
      'getFillAmounts',
      'getRemainingFillableAmounts',
      'toBaseUnits',
      'fromBaseUnits',
      'formatAmount',
      'networks',
      'getNetwork',
      'DEV_MNEMONIC',
      'DEV_ACCOUNTS',
      'errorCodes',
      'sraGeneralCodes',
      'sraValidationCodes',
      'logErrorCodeById',
      'RelayerError',
      'marketSymbol',
      'getAskingPrice',
      'compareToMarket',
      'formatPercent',
      'formatUsd',
      'knownCoins',
      'findKnownCoin',
      'findTokenMarket',
      'priceQuality',
      'ratesResponseSchema',
      'vectors',
    ];
    for (const name of names) expect(protocol, name).toHaveProperty(name);
    expect(typeof native.nativeRecover).toBe('function');
  });
});
