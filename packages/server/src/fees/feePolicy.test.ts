import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/helpers/adminClient.js';
import { TOKEN_A, TOKEN_B } from '../../test/helpers/fakeAddresses.js';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { FAKE_TOKENS } from '../../test/helpers/fakeTokens.js';
import { insertTokens, MAIN, offlineConfig, startOfflineApp } from '../../test/helpers/offlineApp.js';
import { signedMainOrder } from '../../test/helpers/signedMainOrder.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { buildApp } from '../buildApp.js';
import { BookEvents } from '../events/BookEvents.js';

// Two app instances on one database: a fee policy set through one is what both answer and enforce,
// without a restart; orders already in the book keep the fees they were signed with.

const ADMIN_TOKEN = 'an-admin-token-long-enough';
const RECIPIENT = `0x${'9'.repeat(40)}` as const;
const POLICY = { feeRecipient: RECIPIENT, makerFee: '1000', takerFee: '1000000000000000' };
let first: Awaited<ReturnType<typeof startOfflineApp>>;
let second: FastifyInstance;
let third: FastifyInstance | undefined;
const EXISTING = fakeHash('existing order');

beforeAll(async () => {
  first = await startOfflineApp({ metrics: { host: '127.0.0.1', port: 0 }, admin: { token: ADMIN_TOKEN } });
  second = await buildApp(offlineConfig(), { db: first.db, events: new BookEvents() });
  await second.ready();
  await insertTokens(first.db, 'main', FAKE_TOKENS.slice(0, 2));
  await insertFakeOrders(first.db, 'main', [{ hash: EXISTING }]);
});

afterAll(async () => {
  await third?.close();
  await second?.close();
  await first?.close();
});

const fees = async (app: FastifyInstance) =>
  (await app.inject({ method: 'POST', url: '/v0/fees', payload: feesRequest })).json();
const feesRequest = {
  exchangeContractAddress: MAIN.addresses.exchange,
  maker: `0x${'1'.repeat(40)}`,
  taker: `0x${'0'.repeat(40)}`,
  makerTokenAddress: TOKEN_A,
  takerTokenAddress: TOKEN_B,
  expirationUnixTimestampSec: '9999999999',
  salt: '1',
};

test('both instances answer and enforce a new fee policy without a restart; existing orders keep theirs', async () => {
  const none = { feeRecipient: `0x${'0'.repeat(40)}`, makerFee: '0', takerFee: '0' };
  // The second instance has read (and remembers) the configured policy.
  expect(await fees(second)).toEqual(none);
  const set = await adminClient(first.app, ADMIN_TOKEN).post('/admin/fees', POLICY);
  expect(set).toMatchObject({ status: 200, body: { before: none, after: POLICY } });

  expect(await fees(first.app)).toEqual(POLICY);
  // Within FEE_POLICY_TTL_MS: the second instance reads the policy again once its memory is that old.
  await waitFor(async () => (await fees(second)).makerFee === POLICY.makerFee, 5_000, 'the second instance');
  expect(await fees(second)).toEqual(POLICY);
  expect((await second.inject('/config')).json()).toMatchObject(POLICY);

  // New orders must carry the new policy on either instance; an old-policy order is refused by field.
  const order = (options: { makerFee: bigint; takerFee: bigint; feeRecipient?: `0x${string}` }) =>
    signedMainOrder({ ...options });
  const old = await second.inject({
    method: 'POST',
    url: '/v0/order',
    payload: await order({ makerFee: 0n, takerFee: 0n }),
  });
  expect(old.json()).toMatchObject({
    error: 'FEE_POLICY_MISMATCH',
    validationErrors: [{ field: 'feeRecipient' }],
  });
  const current = await second.inject({
    method: 'POST',
    url: '/v0/order',
    payload: await order({ feeRecipient: RECIPIENT, makerFee: 1000n, takerFee: 10n ** 15n }),
  });
  // Past the fee check, the next step needs the (absent) chain.
  expect(current.json()).toMatchObject({ error: 'CHAIN_UNAVAILABLE' });

  const existing = (await first.app.inject(`/order/${EXISTING}`)).json();
  expect(existing).toMatchObject({ feeRecipient: `0x${'0'.repeat(40)}`, makerFee: '0', takerFee: '0' });

  // The policy is the database's: an instance started afterwards answers it too.
  third = await buildApp(offlineConfig(), { db: first.db, events: new BookEvents() });
  await third.ready();
  expect(await fees(third)).toEqual(POLICY);
});
