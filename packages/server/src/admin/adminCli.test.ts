import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAKER_1, MAKER_2, TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { FAKE_TOKENS } from '../../test/helpers/fakeTokens.js';
import { insertTokens, startOfflineApp } from '../../test/helpers/offlineApp.js';

// The console as docs/OPERATING.md "Console" writes it: each line of its command block run by a shell
// at the repository root, as a child process, against a real app's operations listener.

const ROOT = new URL('../../../../', import.meta.url);
const ADMIN_TOKEN = 'an-admin-token-long-enough';
let env: Awaited<ReturnType<typeof startOfflineApp>>;
let adminUrl: string;

beforeAll(async () => {
  env = await startOfflineApp({ metrics: { host: '127.0.0.1', port: 0 }, admin: { token: ADMIN_TOKEN } });
  await insertTokens(env.db, 'main', FAKE_TOKENS);
  await insertFakeOrders(env.db, 'main', [
    { maker: MAKER_1 },
    { maker: MAKER_1, makerToken: TOKEN_B, takerToken: TOKEN_A, makerSymbol: 'BBB', takerSymbol: 'AAA' },
    { maker: MAKER_2, takerToken: TOKEN_C, takerSymbol: 'CCC' },
  ]);
  env.resync();
  adminUrl = `http://127.0.0.1:${env.app.metricsAddress()?.port}`;
});

afterAll(async () => {
  await env?.close();
});

/** The lines of the Console section's `sh` block. */
function documentedCommands(): string[] {
  const doc = readFileSync(new URL('docs/OPERATING.md', ROOT), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Console\n'), doc.indexOf('\n## Metrics\n'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n').filter((line) => line.trim() !== '');
}

function run(line: string, extraEnv: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'sh',
      ['-c', line],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          ADMIN_URL: adminUrl,
          ADMIN_TOKEN,
          TOKEN: TOKEN_C,
          MAKER: MAKER_2,
          ...extraEnv,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const openOrders = async () =>
  (await env.app.inject('/order?per_page=100')).json().orders as { maker: string }[];

/** What each documented command must print, and what it must have done. */
const EXPECTED: Record<string, { prints: string[]; effect?: () => Promise<void> }> = {
  'tokens list': { prints: ['symbol', 'CCC', TOKEN_C, 'unlisted'] },
  'tokens verify': { prints: ['wasVerified: false'] },
  'tokens unlist': {
    prints: ['ordersRemoved: 1'],
    effect: async () => expect((await openOrders()).map((o) => o.maker)).toEqual([MAKER_1, MAKER_1]),
  },
  'tokens relist': {
    prints: ['ordersReturned: 1'],
    effect: async () => expect(await openOrders()).toHaveLength(3),
  },
  'fees show': { prints: ['makerFee', `0x${'0'.repeat(40)}`] },
  'fees set': {
    prints: ['before', 'after', '1000000000000000'],
    effect: async () => {
      const fees = await env.app.inject({ method: 'POST', url: '/v0/fees', payload: feesRequest });
      expect(fees.json()).toMatchObject({ makerFee: '0', takerFee: '1000000000000000' });
    },
  },
  'book markets': { prints: ['AAA/BBB', 'AAA/CCC'] },
  'makers top': { prints: [MAKER_1, MAKER_2] },
  'makers remove': {
    prints: ['ordersRemoved: 1'],
    effect: async () => expect((await openOrders()).map((o) => o.maker)).not.toContain(MAKER_2),
  },
  audit: { prints: ['tokens.unlist', 'fees.set', 'makers.remove', '127.0.0.1'] },
};
const feesRequest = {
  exchangeContractAddress: `0x${'4'.repeat(40)}`,
  maker: MAKER_1,
  taker: `0x${'0'.repeat(40)}`,
  makerTokenAddress: TOKEN_A,
  takerTokenAddress: TOKEN_B,
  expirationUnixTimestampSec: '9999999999',
  salt: '1',
};

describe('npm run admin', () => {
  test('every documented command runs as written and does what the docs say', async () => {
    const lines = documentedCommands();
    expect(
      lines.map((line) => /^npm run admin -- (\S+(?: [a-z]+)?)/.exec(line)?.[1]?.replace(/ "\$.*/, '')),
    ).toEqual(Object.keys(EXPECTED));
    for (const line of lines) {
      const key = Object.keys(EXPECTED).find((k) => line.startsWith(`npm run admin -- ${k}`)) as string;
      const { code, stdout, stderr } = await run(line);
      expect(code, `${line}\n${stderr}`).toBe(0);
      for (const text of EXPECTED[key]?.prints ?? []) expect(stdout, line).toContain(text);
      await EXPECTED[key]?.effect?.();
    }
  }, 180_000);

  test('a refusal exits 1 with its code and field; a wrong token, an unknown command, help and no API are told apart', async () => {
    const refused = await run('npm run admin -- tokens unlist 0x1234');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('VALIDATION_FAILED: ');
    expect(refused.stderr).toContain('address: ');
    const wrong = await run('npm run --silent admin -- tokens list', {
      ADMIN_TOKEN: 'a-wrong-token-of-length',
    });
    expect(wrong).toMatchObject({ code: 1, stdout: '' });
    expect(wrong.stderr).toContain('UNAUTHORIZED');
    const typo = await run('npm run --silent admin -- tokens unlsit 0x1234');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Unknown command: tokens unlsit');
    const help = await run('npm run --silent admin -- --help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('tokens unlist <address>');
    const away = await run('npm run --silent admin -- audit --url http://127.0.0.1:9');
    expect(away.code).toBe(3);
    expect(away.stderr).toContain('did not answer');
  }, 60_000);
});
