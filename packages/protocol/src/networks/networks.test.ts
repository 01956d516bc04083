import { describe, expect, test } from 'vitest';
import { addressSchema } from '../schemas/addressSchema';
import { vectors } from '../vectors/vectors';
import { networks } from './networks';

describe('networks', () => {
  test('covers mainnet, Ropsten, Kovan and the local snapshot network', () => {
    expect(Object.values(networks).map(({ id, name }) => [id, name])).toEqual([
      [1, 'Mainnet'],
      [3, 'Ropsten'],
      [42, 'Kovan'],
      [50, 'Local'],
    ]);
  });

  test('keys each network by its own id', () => {
    for (const [key, network] of Object.entries(networks)) expect(network.id).toBe(Number(key));
  });

  test('lists every address in lower case', () => {
    for (const network of Object.values(networks)) {
      for (const address of [
        network.exchange,
        network.tokenTransferProxy,
        network.zrx,
        network.weth,
        network.tokenRegistry,
      ]) {
        expect(addressSchema.safeParse(address).success).toBe(true);
      }
    }
  });

  test('agrees with the addresses the vectors were made on', () => {
    expect(networks[50].exchange).toBe(vectors.orderA.signedOrder.exchangeContractAddress);
    expect(networks[50].zrx).toBe(vectors.orderA.signedOrder.makerTokenAddress);
    expect(networks[50].weth).toBe(vectors.orderA.signedOrder.takerTokenAddress);
    expect(networks[1].exchange).toBe(vectors.orderB.signedOrder.exchangeContractAddress);
    expect(networks[1].weth).toBe(vectors.orderB.signedOrder.makerTokenAddress);
    expect(networks[1].zrx).toBe(vectors.orderB.signedOrder.takerTokenAddress);
  });

  test('has the documented mainnet and Kovan proxies', () => {
    expect(networks[1].tokenTransferProxy).toBe('0x8da0d80f5007ef1e431dd2127178d224e32c2ef4');
    expect(networks[42].tokenTransferProxy).toBe('0x087eed4bc1ee3de49befbd66c662b434b15d49d4');
  });
});
