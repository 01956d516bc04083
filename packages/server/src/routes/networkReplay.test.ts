import { createSignedOrder, type DevChain, relayerEnv, startDevChain } from '@relayer/devchain';
import { errorResponseSchema, hashOrder, NULL_ADDRESS } from '@relayer/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chainConfig } from '../../test/helpers/chainApp.js';
import { networkFor } from '../../test/helpers/networkFor.js';
import { startTestApp, type TestApp } from '../../test/helpers/startTestApp.js';
import { startTestDevChain } from '../../test/helpers/startTestDevChain.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { loadConfig } from '../config.js';

/**
 * docs/RELIABILITY.md, "A signed order belongs to one network": v1 order hashes carry no chain id, so
 * only distinct Exchange addresses keep one network's signed orders off another's book. The e2e stack's
 * pair of dev chains (50 and 42) behind one relayer, configured as `startStack` configures it.
 */
let main: DevChain;
let kovan: DevChain;
let env: TestApp;

beforeAll(async () => {
  [main, kovan] = await Promise.all([
    startTestDevChain(),
    startDevChain({ port: 0, chainId: 42, seed: false }),
  ]);
  const { networks } = loadConfig({ ...relayerEnv(main), ...relayerEnv(kovan, 'KOVAN_') });
  env = await startTestApp({ ...chainConfig(networkFor(main)), networks });
  await waitFor(
    async () => (await env.app.inject('/token')).json().length > 3,
    60_000,
    'the registry import',
  );
}, 120_000);

afterAll(async () => {
  await env?.close();
  await Promise.all([main?.stop(), kovan?.stop()]);
});

const orderOn = (chain: DevChain, makerToken: string, takerToken: string) =>
  createSignedOrder({
    deployment: chain.deployment,
    makerPrivateKey: chain.accounts[1]?.privateKey ?? '0x',
    makerToken: makerToken as `0x${string}`,
    takerToken: takerToken as `0x${string}`,
    makerAmount: 10n ** 18n,
    takerAmount: 2n * 10n ** 17n,
    feeRecipient: NULL_ADDRESS,
  });
const token = (chain: DevChain, symbol: string) =>
  chain.deployment.tokens.find((t) => t.symbol === symbol)?.address ?? '0x';

describe('one signed order, two networks', () => {
  test('the two dev chains have distinct Exchanges, so the configuration is accepted', () => {
    expect(kovan.deployment.exchange).not.toBe(main.deployment.exchange);
  });

  test("an order for chain 50 is accepted on / and refused on /kovan, naming the network's Exchange", async () => {
    const order = await orderOn(main, token(main, 'REP'), token(main, 'WETH'));
    const refused = await env.app.inject({ method: 'POST', url: '/kovan/order/new', payload: order });
    expect(refused.statusCode, refused.body).toBe(400);
    const body = errorResponseSchema.parse(refused.json());
    expect(body.validationErrors).toContainEqual(
      expect.objectContaining({ field: 'exchangeContractAddress', error: 'EXCHANGE_ADDRESS_MISMATCH' }),
    );
    expect(body.reason).toContain(kovan.deployment.exchange);
    expect((await env.app.inject(`/kovan/order/${hashOrder(order)}`)).statusCode).toBe(404);
    const accepted = await env.app.inject({ method: 'POST', url: '/order/new', payload: order });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  test('an order for chain 42 is refused on / (and on the SRA route)', async () => {
    const order = await orderOn(kovan, token(kovan, 'ZRX'), token(kovan, 'WETH'));
    for (const url of ['/order/new', '/v0/order']) {
      const refused = await env.app.inject({ method: 'POST', url, payload: order });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().validationErrors).toContainEqual(
        expect.objectContaining({ field: 'exchangeContractAddress', error: 'EXCHANGE_ADDRESS_MISMATCH' }),
      );
    }
    expect((await env.app.inject(`/order/${hashOrder(order)}`)).statusCode).toBe(404);
  });
});
