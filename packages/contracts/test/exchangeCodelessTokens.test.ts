/**
 * A 0.4.x high-level call (how v1's Exchange and TokenTransferProxy call every token) checks that the
 * callee has code and throws when it has none (PROTOCOL.md §4.9). So in v1 any fill that calls a token
 * address without code reverts the whole transaction: an EOA, the null address, and the precompiles,
 * which answer calls without having code (sha256 at 0x02 returns 32 bytes for any input, identity at
 * 0x04 echoes it). Every path that calls a token is tried with each such address in each token role.
 */
import { type Address, getAddress, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { type SignedOrder, useExchange } from './helpers/exchangeFixture.js';
import { batchArgs as batch, orderAddresses, orderValues } from './helpers/orders.js';
import { revertOf } from './helpers/reverts.js';
import { deployer, maker, other, taker } from './helpers/system.js';

const E18 = 10n ** 18n;
const x = useExchange();

const precompile = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const CODELESS: readonly (readonly [string, Address])[] = [
  ['the null address', zeroAddress],
  ['an EOA', '0x1234567890AbcdEF1234567890aBcdef12345678'],
  ['ecrecover (0x01)', precompile(1)],
  ['sha256 (0x02)', precompile(2)],
  ['ripemd160 (0x03)', precompile(3)],
  ['identity (0x04)', precompile(4)],
  ['modexp (0x05)', precompile(5)],
  ['ecAdd (0x06)', precompile(6)],
  ['ecMul (0x07)', precompile(7)],
  ['ecPairing (0x08)', precompile(8)],
  ['blake2f (0x09)', precompile(9)],
  ['point evaluation (0x0a)', precompile(10)],
];
const ROLES = ['makerToken', 'takerToken'] as const;
type Role = (typeof ROLES)[number];

/** An order of tokenA for tokenB with `token` in `role`, and a plain order filled before it in batches. */
const orders = async (role: Role, token: Address) => {
  const codeless = await x.signed({ [role]: token });
  // fillOrdersUpTo needs one taker token: the plain order shares the codeless order's.
  const plain = await x.signed(
    role === 'takerToken' ? { takerToken: token, makerToken: x.system().tokenA.address } : {},
  );
  const plainOther = await x.signed();
  return { codeless, plain, plainOther };
};

describe.each(CODELESS)('a token address without code: %s', (_, token) => {
  describe.each(ROLES)('as %s', (role) => {
    test('fillOrder reverts, with shouldThrow false and true', async () => {
      const { codeless } = await orders(role, token);
      await revertOf(x.simulateFill(codeless, E18));
      await revertOf(x.simulateFill(codeless, E18, { shouldThrow: true }));
    });

    test('fillOrKillOrder reverts', async () => {
      const { exchange } = x.system();
      const { codeless: o } = await orders(role, token);
      await revertOf(
        exchange.simulate.fillOrKillOrder(
          [orderAddresses(o.order), orderValues(o.order), E18, o.sig.v, o.sig.r, o.sig.s],
          { account: taker },
        ),
      );
    });

    test('batchFillOrders reverts as a whole, with shouldThrow false and true', async () => {
      const { exchange } = x.system();
      const { codeless, plainOther } = await orders(role, token);
      const b = batch([plainOther, codeless]);
      for (const shouldThrow of [false, true]) {
        await revertOf(
          exchange.simulate.batchFillOrders([b.addresses, b.values, [E18, E18], shouldThrow, b.v, b.r, b.s], {
            account: taker,
          }),
        );
      }
      // The plain order alone fills: only the codeless one makes the batch revert.
      const alone = batch([plainOther]);
      await exchange.simulate.batchFillOrders(
        [alone.addresses, alone.values, [E18], false, alone.v, alone.r, alone.s],
        { account: taker },
      );
    });

    test('batchFillOrKillOrders reverts as a whole', async () => {
      const { exchange } = x.system();
      const { codeless, plainOther } = await orders(role, token);
      const b = batch([plainOther, codeless]);
      await revertOf(
        exchange.simulate.batchFillOrKillOrders([b.addresses, b.values, [E18, E18], b.v, b.r, b.s], {
          account: taker,
        }),
      );
    });

    test('fillOrdersUpTo reverts, with shouldThrow false and true', async () => {
      const { exchange } = x.system();
      const { codeless, plain } = await orders(role, token);
      // As taker token the plain order shares the codeless address, so the batch holds the codeless order only.
      const b = batch(role === 'takerToken' ? [codeless] : [plain, codeless]);
      for (const shouldThrow of [false, true]) {
        await revertOf(
          exchange.simulate.fillOrdersUpTo([b.addresses, b.values, 3n * E18, shouldThrow, b.v, b.r, b.s], {
            account: taker,
          }),
        );
      }
    });
  });

  test('TokenTransferProxy.transferFrom reverts', async () => {
    const { proxy, send } = x.system();
    await send(proxy.write.addAuthorizedAddress([other], { account: deployer }));
    await revertOf(proxy.simulate.transferFrom([token, maker, other, 1n], { account: other }));
    await revertOf(proxy.simulate.transferFrom([token, maker, other, 0n], { account: other }));
  });
});

describe('a codeless token is called only where v1 called it', () => {
  const sha256 = precompile(2);
  const logErrorOf = async (s: SignedOrder, amount: bigint) => {
    const receipt = await x.fill(s, amount);
    return x.exchangeLogs(receipt).map((l) => (l.eventName === 'LogError' ? l.args.errorId : l.eventName));
  };

  test('an expired order logs error 0 without calling its tokens', async () => {
    const s = await x.signed({ makerToken: sha256, takerToken: sha256, expirationTimestampInSec: 1n });
    expect(await logErrorOf(s, E18)).toEqual([0]);
  });

  test('a rounding error is logged before any token is called', async () => {
    const s = await x.signed({ makerToken: sha256, makerTokenAmount: 1001n, takerTokenAmount: 3n });
    expect(await logErrorOf(s, 1n)).toEqual([2]);
  });

  test('the probes stop at the first shortfall: an underfunded maker leaves a codeless taker token unprobed', async () => {
    const { tokenA, send } = x.system();
    await send(tokenA.write.setBalance([maker, 0n], { account: deployer }));
    const s = await x.signed({ takerToken: sha256 });
    expect(await logErrorOf(s, E18)).toEqual([3]);
  });

  test('the same order with a funded maker probes the codeless taker token and reverts', async () => {
    const s = await x.signed({ takerToken: sha256 });
    await revertOf(x.simulateFill(s, E18));
  });
});
