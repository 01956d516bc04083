import { errorResponseSchema, tokenListResponseSchema, tokenRecordSchema } from '@relayer/protocol';
import { getAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { useChainApp } from '../../test/helpers/chainApp.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { buildApp } from '../buildApp.js';
import { createTokenListValidator } from '../tokens/lists/createTokenListValidator.js';

const { t, config, app, db } = useChainApp();

const submit = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/token/new', payload: payload as object });

/** Deploys an ERC20 with this metadata and submits exactly what it says. */
async function deployAndSubmit(name: string, symbol: string, decimals: number) {
  const address = await t.deployToken(name, symbol, decimals);
  return { address, response: await submit({ address, name, symbol, decimals }) };
}

function expectRefusal(response: Awaited<ReturnType<typeof submit>>, field: string, error: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorResponseSchema.parse(response.json());
  expect(body.code).toBe(100);
  expect(body.validationErrors).toContainEqual(expect.objectContaining({ field, error }));
  return body;
}

describe('GET /token', () => {
  test('lists the registry tokens as verified, lower-case, sorted by name', async () => {
    const tokens = tokenListResponseSchema.parse((await app.inject('/token')).json());
    const registry = t.chain.deployment.tokens;
    expect(tokens.map((x) => x.address).sort()).toEqual(registry.map((x) => x.address.toLowerCase()).sort());
    expect(tokens.every((x) => x.verified && x.address === x.address.toLowerCase())).toBe(true);
    const names = tokens.map((x) => x.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(tokens.find((x) => x.symbol === 'ZRX')).toMatchObject({ name: '0x Protocol Token', decimals: 18 });
  });
});

describe('GET /tokenlist.json', () => {
  test("publishes the verified tokens as a token list that validates against the format's schema", async () => {
    const response = await app.inject('/tokenlist.json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const checked = createTokenListValidator()(response.json());
    if (!('list' in checked)) throw new Error(checked.problems.join('\n'));
    const verified = tokenListResponseSchema
      .parse((await app.inject('/token')).json())
      .filter((x) => x.verified);
    expect(checked.list.tokens.map((x) => x.address).sort()).toEqual(
      verified.map((x) => getAddress(x.address)).sort(),
    );
    expect(checked.list.tokens.every((x) => x.chainId === t.network.chainId)).toBe(true);
  });

  test('a token list file that is missing stops the start, naming TOKEN_LISTS and the file', async () => {
    const missing = '/nonexistent/relayer-token-list.json';
    await expect(
      buildApp({ ...config, tokenLists: { sources: [missing], refreshMs: 60_000 } }, { db }),
    ).rejects.toThrow(`TOKEN_LISTS: ${missing}`);
  });
});

describe('POST /token/new', () => {
  test('adds an ERC20 with matching metadata as unverified: 201, listed, and tradable in SRA pairs', async () => {
    const { address, response } = await deployAndSubmit('Aardvark Coin', 'AARD', 12);
    expect(response.statusCode, response.body).toBe(201);
    expect(tokenRecordSchema.parse(response.json())).toEqual({
      address,
      name: 'Aardvark Coin',
      symbol: 'AARD',
      decimals: 12,
      verified: false,
    });
    await waitFor(
      async () => (await app.inject('/token')).json().some((x: { address: string }) => x.address === address),
      10_000,
    );
    const tokens = (await app.inject('/token')).json();
    expect(tokens.find((x: { address: string }) => x.address === address)).toMatchObject({ verified: false });
    const pairs = (await app.inject(`/v0/token_pairs?tokenA=${address}`)).json();
    expect(pairs).toHaveLength(t.chain.deployment.tokens.length);
    expect(pairs.every((p: { tokenA: { address: string } }) => p.tokenA.address === address)).toBe(true);
  });

  test('stores the contract spelling when the submission differs only in case', async () => {
    const address = await t.deployToken('Beta Token', 'BETA', 18);
    const response = await submit({ address, name: 'beta token', symbol: 'beta', decimals: 18 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Beta Token', symbol: 'BETA' });
  });

  test('accepts what a token does not say about itself', async () => {
    const address = await t.deployBareToken();
    const response = await submit({ address, name: 'Bare', symbol: 'BARE', decimals: 7 });
    expect(response.statusCode, response.body).toBe(201);
  });

  test('refuses metadata that contradicts the contract, naming the field', async () => {
    const address = await t.deployToken('Gamma Token', 'GAMMA', 8);
    expect(
      expectRefusal(
        await submit({ address, name: 'Delta', symbol: 'GAMMA', decimals: 8 }),
        'name',
        'TOKEN_METADATA_MISMATCH',
      ).reason,
    ).toContain('Gamma Token');
    expectRefusal(
      await submit({ address, name: 'Gamma Token', symbol: 'GAM', decimals: 8 }),
      'symbol',
      'TOKEN_METADATA_MISMATCH',
    );
    expectRefusal(
      await submit({ address, name: 'Gamma Token', symbol: 'GAMMA', decimals: 18 }),
      'decimals',
      'TOKEN_METADATA_MISMATCH',
    );
    const tokens = (await app.inject('/token')).json();
    expect(tokens.some((x: { address: string }) => x.address === address)).toBe(false);
  });

  test('refuses an address without a contract, and a contract that is not an ERC20', async () => {
    expectRefusal(
      await submit({ address: `0x${'5'.repeat(40)}`, name: 'Nothing', symbol: 'NIL', decimals: 18 }),
      'address',
      'NOT_A_TOKEN',
    );
    expectRefusal(
      await submit({ address: t.network.addresses.exchange, name: 'Exchange', symbol: 'EXC', decimals: 18 }),
      'address',
      'NOT_A_TOKEN',
    );
  });

  test('refuses a listed address and a taken symbol', async () => {
    const rep = t.token('REP');
    expectRefusal(
      await submit({ ...rep, address: rep.address.toLowerCase() }),
      'address',
      'TOKEN_ALREADY_EXISTS',
    );
    expectRefusal(
      (await deployAndSubmit('Second Rep', 'rep', 18)).response,
      'symbol',
      'TOKEN_ALREADY_EXISTS',
    );
  });

  test('refuses bodies that are not a token: checksummed address, wrong types, missing fields', async () => {
    const good = { address: `0x${'6'.repeat(40)}`, name: 'X', symbol: 'X', decimals: 18 };
    expectRefusal(await submit({ ...good, address: `0x${'A'.repeat(40)}` }), 'address', 'INVALID_ADDRESS');
    expectRefusal(await submit({ ...good, decimals: '18' }), 'decimals', 'INCORRECT_FORMAT');
    expectRefusal(await submit({ ...good, decimals: 99 }), 'decimals', 'VALUE_OUT_OF_RANGE');
    expectRefusal(await submit({ address: good.address }), 'name', 'REQUIRED_FIELD');
  });

  test('answers 503 when the node is down, without leaking it', async () => {
    const down = await buildApp(
      { ...config, networks: [{ ...t.network, rpcUrl: 'http://127.0.0.1:9/secret-node' }] },
      { db },
    );
    const response = await down.inject({
      method: 'POST',
      url: '/token/new',
      payload: { address: `0x${'8'.repeat(40)}`, name: 'Eight', symbol: 'EIGHT', decimals: 18 },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'CHAIN_UNAVAILABLE' });
    expect(response.body).not.toMatch(/secret-node|127\.0\.0\.1/);
    await down.close();
  });
});

describe('lookalikes are refused (docs/RELIABILITY.md, "A trader can tell a real token from a lookalike")', () => {
  /** Deploys an ERC20 that calls itself "Ether Token" with `symbol` and submits exactly what it says. */
  const submitEtherToken = (symbol: string) => deployAndSubmit('Ether Token', symbol, 18);

  test.each([
    ['WΕTH (Greek capital epsilon)', 'W\u0395TH', 'TOKEN_LOOKALIKE', 'WETH'],
    ['ZRХ (Cyrillic capital ha)', 'ZR\u0425', 'TOKEN_LOOKALIKE', 'ZRX'],
    ['ETH (what wrapped ether is priced as)', 'ETH', 'TOKEN_LOOKALIKE', 'ETH'],
    ['ＷＥＴＨ (full-width letters)', '\uff37\uff25\uff34\uff28', 'TOKEN_LOOKALIKE', 'WETH'],
    ['USDC + combining acute accent', 'USDC\u0301', 'TOKEN_LOOKALIKE', 'USDC'],
    ['VVETH (two Vs for a W)', 'VVETH', 'TOKEN_LOOKALIKE', 'WETH'],
    ['U5DC (a 5 for an S)', 'U5DC', 'TOKEN_LOOKALIKE', 'USDC'],
    ['WETH + zero-width space', 'WETH\u200b', 'TOKEN_UNSAFE_TEXT', 'U+200B'],
    ['right-to-left override + HTEW', '\u202eHTEW', 'TOKEN_UNSAFE_TEXT', 'U+202E'],
    ['WETH itself', 'WETH', 'TOKEN_ALREADY_EXISTS', 'already uses this symbol'],
  ])('%s is refused, names the clash, and is not listed', async (_label, symbol, error, named) => {
    const { address, response } = await submitEtherToken(symbol);
    const body = expectRefusal(response, 'symbol', error);
    expect(body.reason).toContain(named);
    // The refusal names characters by code point; it never prints a direction override or an invisible one.
    expect(response.body).not.toMatch(/[\u200b\u202e]/);
    const listed = (await app.inject('/token')).json() as { address: string }[];
    expect(listed.some((x) => x.address === address)).toBe(false);
  });

  test('a lookalike names the listed token it imitates by address', async () => {
    const { response } = await submitEtherToken('W\u0395TH');
    expect(response.json().reason).toContain(t.token('WETH').address.toLowerCase());
  });

  test("a token whose name() reverts cannot take another token's name, but may take a name of its own", async () => {
    const taken = await t.deployBareToken();
    const body = expectRefusal(
      await submit({ address: taken, name: 'ether token', symbol: 'BARE2', decimals: 18 }),
      'name',
      'TOKEN_ALREADY_EXISTS',
    );
    expect(body.reason).toContain(t.token('WETH').address.toLowerCase());
    expectRefusal(
      await submit({ address: taken, name: 'Εther Τoken', symbol: 'BARE2', decimals: 18 }),
      'name',
      'TOKEN_LOOKALIKE',
    );
    const free = await submit({ address: taken, name: 'Bare Two', symbol: 'BARE2', decimals: 18 });
    expect(free.statusCode, free.body).toBe(201);
  });

  test('invisible characters in a name are refused too', async () => {
    expectRefusal(
      (await deployAndSubmit('Zeta\u2066 Token', 'ZETA', 18)).response,
      'name',
      'TOKEN_UNSAFE_TEXT',
    );
  });

  test('refusals quote at most a few dozen characters of what the contract or the client chose', async () => {
    const long = `Omega${'\u202e'.repeat(3)}${'Ω'.repeat(1000)}`;
    const address = await t.deployToken(long, 'OMEGA', 18);
    const response = await submit({ address, name: 'Omega', symbol: 'OMEGA', decimals: 18 });
    const body = expectRefusal(response, 'name', 'TOKEN_METADATA_MISMATCH');
    expect(body.reason.length).toBeLessThan(120);
    expect(body.reason).toContain('<U+202E>');
    expect(response.body).not.toContain('Ω'.repeat(30));
  });

  test('two lookalikes submitted at once: exactly one is listed', async () => {
    const a = await t.deployToken('Kappa', 'KAPPA', 18);
    const b = await t.deployToken('Kappa', 'K\u0391PPA', 18);
    const responses = await Promise.all([
      submit({ address: a, name: 'Kappa', symbol: 'KAPPA', decimals: 18 }),
      submit({ address: b, name: 'Kappa', symbol: 'K\u0391PPA', decimals: 18 }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = responses.find((r) => r.statusCode === 400);
    expect(refused?.json().validationErrors[0]).toMatchObject({ field: 'symbol', error: 'TOKEN_LOOKALIKE' });
  });
});
