import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/helpers/chainApp.js';
import { openTestDatabase } from '../../../test/helpers/openTestDatabase.js';
import { sampleTokenList } from '../../../test/helpers/sampleTokenList.js';
import { createNetworkChain } from '../../chain/createNetworkChain.js';
import type { Database } from '../../db/Database.js';
import { createRegistrySync, type RegistrySync } from '../createRegistrySync.js';
import { createTokenDirectory, type TokenDirectory } from '../createTokenDirectory.js';
import { createTokenLists } from './createTokenLists.js';
import { networkListedTokens } from './networkListedTokens.js';
import type { TokenListEntry } from './TokenList.js';

const log = { warn: () => {}, info: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
const file = join(mkdtempSync(join(tmpdir(), 'relayer-lists-chain-')), 'list.json');
const writeList = (tokens: TokenListEntry[]) =>
  writeFileSync(file, JSON.stringify(sampleTokenList('Test List', tokens)));

let t: TestChain;
let db: Database;
let tokens: TokenDirectory;
let sync: RegistrySync;
let listed: Address;
let wrongDecimals: Address;
let rep: Address;

beforeAll(async () => {
  t = await startTestChain();
  db = await openTestDatabase();
  listed = await t.deployToken('Listed Coin', 'LSTD', 8);
  wrongDecimals = await t.deployToken('Six Coin', 'SIXC', 6);
  rep = t.token('REP').address;
  const entry = (address: string, symbol: string, decimals: number, chainId = t.network.chainId) => ({
    chainId,
    address: getAddress(address),
    name: `${symbol} on a list`,
    symbol,
    decimals,
  });
  writeList([
    entry(listed, 'LSTD', 8),
    entry(wrongDecimals, 'SIXC', 18),
    entry(`0x${'5'.repeat(40)}`, 'NOCODE', 18),
    entry(`0x${'6'.repeat(40)}`, 'ELSEWHERE', 18, t.network.chainId + 1),
    entry(rep, 'REPX', 18),
  ]);
  const lists = createTokenLists({
    sources: [file],
    refreshMs: 0,
    timeoutMs: 2000,
    maxBytes: 1 << 20,
    now: Date.now,
    log,
  });
  await lists.load();
  const { reader } = createNetworkChain(t.network, { log, now: Date.now });
  tokens = createTokenDirectory(db);
  sync = createRegistrySync({
    db,
    network: 'main',
    getRegistryTokens: () => reader.getRegistryTokens(),
    getListedTokens: networkListedTokens({
      lists,
      network: { key: 'main', chainId: t.network.chainId },
      readTokenMetadata: reader.readTokenMetadata,
      log,
    }),
    tokens,
    now: Date.now,
    log,
  });
}, 120_000);
afterAll(async () => {
  await db?.close();
  await t?.stop();
});

test("a list's token is verified with the list's name once the chain shows it with the list's decimals", async () => {
  await sync.sync();
  const all = await tokens.list('main');
  const find = (address: string) => all.find((x) => x.address === address);
  expect(find(listed)).toEqual({
    address: listed,
    name: 'LSTD on a list',
    symbol: 'LSTD',
    decimals: 8,
    verified: true,
    lists: ['Test List'],
  });
  // On the registry too: the registry's metadata stays, the list is named beside it.
  expect(find(rep)).toMatchObject({ symbol: 'REP', verified: true, lists: ['Test List'] });
  // The chain says 6 decimals, there is no code, another chain: none of them is taken.
  expect(find(wrongDecimals)).toBeUndefined();
  expect(find(`0x${'5'.repeat(40)}`)).toBeUndefined();
  expect(find(`0x${'6'.repeat(40)}`)).toBeUndefined();
  // Other registry tokens are verified without a list.
  expect(all.find((x) => x.symbol === 'ZRX')).not.toHaveProperty('lists');
});

test('a token that leaves the list is no longer verified, unless the registry lists it', async () => {
  writeList([
    {
      chainId: t.network.chainId,
      address: getAddress(wrongDecimals),
      name: 'Six',
      symbol: 'SIXC',
      decimals: 6,
    },
  ]);
  await sync.sync();
  const all = await tokens.list('main');
  expect(all.find((x) => x.address === listed)).toMatchObject({ verified: false });
  expect(all.find((x) => x.address === listed)).not.toHaveProperty('lists');
  expect(all.find((x) => x.address === rep)).toMatchObject({ verified: true });
  expect(all.find((x) => x.address === rep)).not.toHaveProperty('lists');
  expect(all.find((x) => x.address === wrongDecimals)).toMatchObject({
    verified: true,
    lists: ['Test List'],
  });
});
