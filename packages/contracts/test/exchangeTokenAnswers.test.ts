/**
 * How the Exchange and the proxy read a token's answer, as v1's 0.4.x calls did (PROTOCOL.md §4.5,
 * §4.9): balanceOf/allowance probes are plain CALLs with 4,999 gas (so a probe may rewrite a slot with
 * its own value or emit an event, which a STATICCALL would refuse), at least 32 returned bytes are
 * required and the first word is used; a failing probe or transfer reverts the whole fill.
 */
import { maxUint256, parseEventLogs, type TransactionReceipt } from 'viem';
import { describe, expect, test } from 'vitest';
import { quirkyTokenArtifact } from '../src/generated/index.js';
import { exchangeArtifact } from '../src/index.js';
import { useExchange } from './helpers/exchangeFixture.js';
import { revertOf } from './helpers/reverts.js';
import { deployer, INITIAL_BALANCE, maker, taker } from './helpers/system.js';
import { QUIRK } from './model/TokenSpec.js';

const E18 = 10n ** 18n;
const x = useExchange();

/** A QuirkyToken in `mode`; maker and taker hold INITIAL_BALANCE and approved the proxy without limit. */
const deployQuirky = async (mode: number) => {
  const { proxy, send, at } = x.system();
  const address = await x.chain().deploy(quirkyTokenArtifact, [mode], deployer);
  const token = at(quirkyTokenArtifact, address);
  for (const party of [maker, taker]) {
    await send(token.write.setBalance([party, INITIAL_BALANCE], { account: deployer }));
    await send(token.write.approve([proxy.address, maxUint256], { account: party }));
  }
  return token;
};

/** Event names of a receipt in order, each with the address that emitted it. */
const eventsOf = (receipt: TransactionReceipt, names: Record<string, string>) =>
  parseEventLogs({ abi: [...exchangeArtifact.abi, ...quirkyTokenArtifact.abi], logs: receipt.logs }).map(
    (log) => `${names[log.address.toLowerCase()] ?? log.address}.${log.eventName}`,
  );

const roles = ['makerToken', 'takerToken'] as const;

describe.each(roles)('a misbehaving token as %s', (role) => {
  /** A QuirkyToken in `mode` and a fresh order with it as `role`. */
  const quirkyOrder = async (mode: number) => {
    const token = await deployQuirky(mode);
    return { token, s: await x.signed({ [role]: token.address }) };
  };

  test.each([
    ['rewrites the slot it reads with its own value', QUIRK.PROBE_REWRITES_SLOT],
    ['returns a second word after the value', QUIRK.PROBE_LONG_RETURN],
  ])('a probe that %s passes and the order fills', async (_, mode) => {
    const { s } = await quirkyOrder(mode);
    expect(await x.simulateFill(s, E18)).toBe(E18);
    await x.fill(s, E18);
    expect(await x.system().exchange.read.filled([s.hash])).toBe(E18);
  });

  test('a probe that emits an event passes; its events precede the transfers', async () => {
    const { token, s } = await quirkyOrder(QUIRK.PROBE_EMITS_EVENT);
    const { tokenA, tokenB, exchange } = x.system();
    const receipt = await x.fill(s, E18);
    const names = {
      [token.address.toLowerCase()]: 'quirky',
      [tokenA.address.toLowerCase()]: 'A',
      [tokenB.address.toLowerCase()]: 'B',
      [exchange.address.toLowerCase()]: 'exchange',
    };
    expect(eventsOf(receipt, names)).toEqual(
      role === 'makerToken'
        ? ['quirky.Probed', 'quirky.Probed', 'quirky.Transfer', 'B.Transfer', 'exchange.LogFill']
        : ['quirky.Probed', 'quirky.Probed', 'A.Transfer', 'quirky.Transfer', 'exchange.LogFill'],
    );
    const probed = parseEventLogs({ abi: quirkyTokenArtifact.abi, logs: receipt.logs, eventName: 'Probed' });
    const holder = role === 'makerToken' ? maker : taker;
    expect(probed.map((l) => l.args.holder)).toEqual([holder, holder]);
  });

  test.each([
    ['returns fewer than 32 bytes', QUIRK.PROBE_SHORT_RETURN],
    ['reverts', QUIRK.PROBE_REVERTS],
    ['needs more than 4,999 gas', QUIRK.PROBE_BURNS_GAS],
  ])('a probe that %s reverts the fill; without probes the order fills', async (_, mode) => {
    const { s } = await quirkyOrder(mode);
    await revertOf(x.simulateFill(s, E18));
    expect(await x.simulateFill(s, E18, { shouldThrow: true })).toBe(E18);
  });

  test.each([
    ['returns nothing', QUIRK.TRANSFER_RETURNS_NOTHING],
    ['reverts', QUIRK.TRANSFER_REVERTS],
  ])('a transferFrom that %s reverts the fill', async (_, mode) => {
    const { s } = await quirkyOrder(mode);
    await revertOf(x.simulateFill(s, E18));
    await revertOf(x.simulateFill(s, E18, { shouldThrow: true }));
  });

  test('a transferFrom that returns true and a second word fills', async () => {
    const { s } = await quirkyOrder(QUIRK.TRANSFER_LONG_RETURN);
    await x.fill(s, E18, { shouldThrow: true });
    expect(await x.system().exchange.read.filled([s.hash])).toBe(E18);
  });
});

describe('probe calls', () => {
  test('are plain CALLs of 4,999 gas, as v1 made them', async () => {
    const frames = await x.probeFrames(await x.signed(), E18);
    expect(frames.map((f) => [f.type, f.gas])).toEqual([
      ['CALL', 4999n],
      ['CALL', 4999n],
      ['CALL', 4999n],
      ['CALL', 4999n],
    ]);
  });

  test('a probe that rewrites its slot inside a batch does not stop the batch', async () => {
    const token = await deployQuirky(QUIRK.PROBE_REWRITES_SLOT);
    const { exchange, send } = x.system();
    const orders = [
      await x.signed({ makerToken: token.address }),
      await x.signed({ makerToken: token.address }),
    ];
    await send(
      exchange.write.batchFillOrders(
        [
          orders.map((o) => x.fillArgs(o, E18)[0]),
          orders.map((o) => x.fillArgs(o, E18)[1]),
          [E18, E18],
          false,
          orders.map((o) => o.sig.v),
          orders.map((o) => o.sig.r),
          orders.map((o) => o.sig.s),
        ],
        { account: taker },
      ),
    );
    for (const o of orders) expect(await exchange.read.filled([o.hash])).toBe(E18);
  });
});
