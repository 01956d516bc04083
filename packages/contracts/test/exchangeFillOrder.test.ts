import { maxUint256, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { useExchange } from './helpers/exchangeFixture.js';
import { revertOf } from './helpers/reverts.js';
import {
  deployer,
  INITIAL_BALANCE,
  maker,
  other,
  otherAccount,
  taker,
  takerAccount,
} from './helpers/system.js';

const E18 = 10n ** 18n;
const x = useExchange();

describe('fillOrder', () => {
  test('a full fill moves both tokens, records the fill and emits LogFill only', async () => {
    const { tokenA, tokenB, exchange } = x.system();
    const s = await x.signed();
    expect(await x.simulateFill(s, 2n * E18)).toBe(2n * E18);
    const receipt = await x.fill(s, 2n * E18);

    expect(await tokenA.read.balanceOf([maker])).toBe(INITIAL_BALANCE - E18);
    expect(await tokenA.read.balanceOf([taker])).toBe(INITIAL_BALANCE + E18);
    expect(await tokenB.read.balanceOf([maker])).toBe(INITIAL_BALANCE + 2n * E18);
    expect(await tokenB.read.balanceOf([taker])).toBe(INITIAL_BALANCE - 2n * E18);
    expect(await exchange.read.filled([s.hash])).toBe(2n * E18);
    expect(await exchange.read.cancelled([s.hash])).toBe(0n);
    expect(await exchange.read.getUnavailableTakerTokenAmount([s.hash])).toBe(2n * E18);

    const logs = x.exchangeLogs(receipt);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.eventName).toBe('LogFill');
    expect(logs[0]?.args).toEqual({
      maker,
      taker,
      feeRecipient: zeroAddress,
      makerToken: tokenA.address,
      takerToken: tokenB.address,
      filledMakerTokenAmount: E18,
      filledTakerTokenAmount: 2n * E18,
      paidMakerFee: 0n,
      paidTakerFee: 0n,
      tokens: x.tokensHash(tokenA.address, tokenB.address),
      orderHash: s.hash,
    });
    // Token Transfer events (maker -> taker, taker -> maker) surround LogFill, in v1's order.
    expect(receipt.logs.map((l) => l.address.toLowerCase())).toEqual([
      tokenA.address.toLowerCase(),
      tokenB.address.toLowerCase(),
      exchange.address.toLowerCase(),
    ]);
  });

  test('the same holds with shouldThrowOnInsufficientBalanceOrAllowance = true', async () => {
    const { tokenA, exchange } = x.system();
    const s = await x.signed();
    await x.fill(s, 2n * E18, { shouldThrow: true });
    expect(await tokenA.read.balanceOf([taker])).toBe(INITIAL_BALANCE + E18);
    expect(await exchange.read.filled([s.hash])).toBe(2n * E18);
  });

  test('partial fills accumulate and pay pro rata (floor)', async () => {
    const { tokenA, exchange } = x.system();
    const s = await x.signed({ makerTokenAmount: 3000n, takerTokenAmount: 6000n });
    await x.fill(s, 1000n);
    await x.fill(s, 2500n);
    expect(await exchange.read.filled([s.hash])).toBe(3500n);
    expect(await tokenA.read.balanceOf([taker])).toBe(INITIAL_BALANCE + 500n + 1250n);
  });

  test('asking for more than remains fills the remainder', async () => {
    const { tokenB, exchange } = x.system();
    const s = await x.signed();
    await x.fill(s, E18 / 2n);
    expect(await x.simulateFill(s, 10n * E18)).toBe(E18 + E18 / 2n);
    const receipt = await x.fill(s, 10n * E18);
    expect(x.exchangeLogs(receipt)[0]?.args).toMatchObject({ filledTakerTokenAmount: E18 + E18 / 2n });
    expect(await exchange.read.filled([s.hash])).toBe(2n * E18);
    expect(await tokenB.read.balanceOf([maker])).toBe(INITIAL_BALANCE + 2n * E18);
  });

  test('a named taker may fill and anyone else is refused', async () => {
    const s = await x.signed({ taker });
    expect((await revertOf(x.simulateFill(s, E18, { from: other }))).name).toBe('SenderIsNotTaker');
    expect(await x.simulateFill(s, E18, { from: taker })).toBe(E18);
  });

  test('the maker may fill its own order', async () => {
    const s = await x.signed();
    await x.fill(s, 2n * E18, { from: maker });
    expect(await x.system().exchange.read.filled([s.hash])).toBe(2n * E18);
    expect(await x.system().tokenA.read.balanceOf([maker])).toBe(INITIAL_BALANCE);
  });

  test('the order hash on chain equals the off-chain hash', async () => {
    const s = await x.signed();
    expect(await x.system().exchange.read.getOrderHash([x.fillArgs(s, 1n)[0], x.fillArgs(s, 1n)[1]])).toBe(
      s.hash,
    );
  });
});

describe('fillOrder reverts (no LogError)', () => {
  test.each([
    ['makerTokenAmount', { makerTokenAmount: 0n }, 1n],
    ['takerTokenAmount', { takerTokenAmount: 0n }, 1n],
    ['fillTakerTokenAmount', {}, 0n],
  ] as const)('a zero %s', async (_, fields, amount) => {
    const s = await x.signed(fields);
    expect((await revertOf(x.simulateFill(s, amount))).name).toBe('ZeroAmount');
  });

  test('a signature by someone other than the maker', async () => {
    const s = await x.signed({}, otherAccount);
    expect((await revertOf(x.simulateFill(s, E18))).name).toBe('InvalidSignature');
  });

  test('a signature of a different order', async () => {
    const s = await x.signed();
    const tampered = { ...s, order: { ...s.order, takerTokenAmount: s.order.takerTokenAmount - 1n } };
    expect((await revertOf(x.simulateFill(tampered, E18))).name).toBe('InvalidSignature');
  });

  test('v outside {27, 28}', async () => {
    const s = await x.signed();
    expect((await revertOf(x.simulateFill({ ...s, sig: { ...s.sig, v: s.sig.v - 27 } }, E18))).name).toBe(
      'InvalidSignature',
    );
  });

  test('the checks run in v1 order: taker, then amounts, then signature', async () => {
    const s = await x.signed({ taker, makerTokenAmount: 0n }, otherAccount);
    expect((await revertOf(x.simulateFill(s, 0n, { from: other }))).name).toBe('SenderIsNotTaker');
    expect((await revertOf(x.simulateFill(s, 0n, { from: taker }))).name).toBe('ZeroAmount');
    const t = await x.signed({ taker }, otherAccount);
    expect((await revertOf(x.simulateFill(t, 1n, { from: taker }))).name).toBe('InvalidSignature');
  });

  test('a mined revert changes nothing', async () => {
    const { exchange, tokenA } = x.system();
    const s = await x.signed({}, otherAccount);
    const receipt = await x.forceExchange('fillOrder', x.fillArgs(s, E18));
    expect(receipt.status).toBe('reverted');
    expect(receipt.logs).toHaveLength(0);
    expect(await exchange.read.filled([s.hash])).toBe(0n);
    expect(await tokenA.read.balanceOf([taker])).toBe(INITIAL_BALANCE);
  });

  test('fillOrder is not payable', async () => {
    const { exchange } = x.system();
    const s = await x.signed();
    await expect(
      x.chain().publicClient.call({
        account: taker,
        to: exchange.address,
        data: x.encodeFill(s, E18),
        value: 1n,
      }),
    ).rejects.toThrow();
    await expect(
      x.chain().publicClient.call({ account: taker, to: exchange.address, data: x.encodeFill(s, E18) }),
    ).resolves.toBeTruthy();
  });

  test('there is no fallback: plain ether and unknown selectors are refused', async () => {
    const { exchange } = x.system();
    await expect(
      x.chain().publicClient.call({ account: taker, to: exchange.address, value: 1n }),
    ).rejects.toThrow();
    await expect(
      x.chain().publicClient.call({ account: taker, to: exchange.address, data: '0x12345678' }),
    ).rejects.toThrow();
  });
});

describe('fillOrder with shouldThrowOnInsufficientBalanceOrAllowance = true', () => {
  test('an unfunded maker makes the transfer return false and the fill revert', async () => {
    const { tokenA, exchange } = x.system();
    await x.system().send(tokenA.write.setBalance([maker, 0n], { account: deployer }));
    const s = await x.signed();
    expect((await revertOf(x.simulateFill(s, E18, { shouldThrow: true }))).name).toBe('TransferFailed');
    const receipt = await x.forceExchange('fillOrder', x.fillArgs(s, E18, true));
    expect(receipt.status).toBe('reverted');
    expect(await exchange.read.filled([s.hash])).toBe(0n);
  });

  test('a missing taker allowance makes the fill revert', async () => {
    const { tokenB, proxy } = x.system();
    await x.system().send(tokenB.write.approve([proxy.address, 0n], { account: taker }));
    const s = await x.signed();
    expect((await revertOf(x.simulateFill(s, E18, { shouldThrow: true }))).name).toBe('TransferFailed');
  });

  test('a token that reverts in transferFrom (WETH9) reverts the fill with its error', async () => {
    const { weth, proxy } = x.system();
    await x.system().send(weth.write.approve([proxy.address, maxUint256], { account: taker }));
    const s = await x.signed({ takerToken: weth.address });
    expect((await revertOf(x.simulateFill(s, E18, { shouldThrow: true }))).name).toBe('InsufficientBalance');
  });

  test('an Exchange the proxy does not authorise cannot move tokens', async () => {
    const { proxy, exchange } = x.system();
    await x.system().send(proxy.write.removeAuthorizedAddress([exchange.address], { account: deployer }));
    const s = await x.signed();
    expect((await revertOf(x.simulateFill(s, E18, { shouldThrow: true }))).name).toBe('NotAuthorized');
  });
});

describe('LogError paths return 0, emit only LogError and change nothing', () => {
  const expectOnlyLogError = async (
    s: Awaited<ReturnType<typeof x.signed>>,
    amount: bigint,
    errorId: number,
    options: { shouldThrow?: boolean; simulate?: boolean } = {},
  ) => {
    const { tokenA, tokenB, exchange } = x.system();
    const filledBefore = await exchange.read.filled([s.hash]);
    const balances = async () =>
      Promise.all(
        [maker, taker].flatMap((who) => [tokenA.read.balanceOf([who]), tokenB.read.balanceOf([who])]),
      );
    const before = await balances();
    if (options.simulate !== false) expect(await x.simulateFill(s, amount, options)).toBe(0n);
    const receipt = await x.fill(s, amount, options);
    expect(receipt.status).toBe('success');
    expect(receipt.logs).toHaveLength(1);
    const logs = x.exchangeLogs(receipt);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.eventName).toBe('LogError');
    expect(logs[0]?.args).toEqual({ errorId, orderHash: s.hash });
    expect(receipt.logs[0]?.topics).toEqual([
      '0x36d86c59e00bd73dc19ba3adfe068e4b64ac7e92be35546adeddf1b956a87e90',
      `0x${errorId.toString(16).padStart(64, '0')}`,
      s.hash,
    ]);
    expect(receipt.logs[0]?.data).toBe('0x');
    expect(await exchange.read.filled([s.hash])).toBe(filledBefore);
    expect(await balances()).toEqual(before);
  };

  test('0 ORDER_EXPIRED: block.timestamp >= expiration', async () => {
    const block = await x.chain().publicClient.getBlock();
    const expiry = block.timestamp + 100n;
    const s = await x.signed({ expirationTimestampInSec: expiry });
    await x.chain().testClient.setNextBlockTimestamp({ timestamp: expiry - 1n });
    await x.fill(s, E18 / 2n); // one second before expiry: fills
    await x.chain().testClient.setNextBlockTimestamp({ timestamp: expiry });
    // eth_call may not run at the next block's timestamp, so this one is checked on the mined tx only.
    await expectOnlyLogError(s, E18 / 2n, 0, { simulate: false });
  });

  test('0 ORDER_EXPIRED is reported before the remaining amount is looked at', async () => {
    const s = await x.signed({ expirationTimestampInSec: 1n, makerTokenAmount: 1001n, takerTokenAmount: 3n });
    await expectOnlyLogError(s, 1n, 0);
  });

  test('1 ORDER_FULLY_FILLED_OR_CANCELLED after a full fill', async () => {
    const s = await x.signed();
    await x.fill(s, 2n * E18);
    await expectOnlyLogError(s, 1n, 1);
  });

  test('1 ORDER_FULLY_FILLED_OR_CANCELLED after a full cancel', async () => {
    const s = await x.signed();
    await x.system().send(
      x.system().exchange.write.cancelOrder([x.fillArgs(s, 0n)[0], x.fillArgs(s, 0n)[1], 2n * E18], {
        account: maker,
      }),
    );
    await expectOnlyLogError(s, E18, 1);
  });

  test('2 ROUNDING_ERROR_TOO_LARGE: the unfillable 1001/3 order', async () => {
    const { tokenA, exchange } = x.system();
    const s = await x.signed({ makerTokenAmount: 1001n, takerTokenAmount: 3n });
    await x.fill(s, 2n);
    expect(await exchange.read.filled([s.hash])).toBe(2n);
    expect(await tokenA.read.balanceOf([taker])).toBe(INITIAL_BALANCE + 667n);
    await expectOnlyLogError(s, 1n, 2);
  });

  test('2 ROUNDING_ERROR_TOO_LARGE is checked on the clipped amount', async () => {
    // 20 of 999 for 50 is exactly 0.1 % off and allowed; 20 of 9989 for 500 is 0.11 % and refused.
    const ok = await x.signed({ makerTokenAmount: 50n, takerTokenAmount: 999n });
    expect(await x.simulateFill(ok, 20n)).toBe(20n);
    const bad = await x.signed({ makerTokenAmount: 500n, takerTokenAmount: 9989n });
    await expectOnlyLogError(bad, 20n, 2);
  });

  test('3 INSUFFICIENT_BALANCE_OR_ALLOWANCE: maker balance', async () => {
    await x.system().send(x.system().tokenA.write.setBalance([maker, E18 - 1n], { account: deployer }));
    await expectOnlyLogError(await x.signed(), 2n * E18, 3);
  });

  test('3 INSUFFICIENT_BALANCE_OR_ALLOWANCE: maker allowance', async () => {
    const { tokenA, proxy } = x.system();
    await x.system().send(tokenA.write.approve([proxy.address, E18 - 1n], { account: maker }));
    await expectOnlyLogError(await x.signed(), 2n * E18, 3);
  });

  test('3 INSUFFICIENT_BALANCE_OR_ALLOWANCE: taker balance', async () => {
    await x.system().send(x.system().tokenB.write.setBalance([taker, 2n * E18 - 1n], { account: deployer }));
    await expectOnlyLogError(await x.signed(), 2n * E18, 3);
  });

  test('3 INSUFFICIENT_BALANCE_OR_ALLOWANCE: taker allowance', async () => {
    const { tokenB, proxy } = x.system();
    await x.system().send(tokenB.write.approve([proxy.address, 2n * E18 - 1n], { account: taker }));
    await expectOnlyLogError(await x.signed(), 2n * E18, 3);
  });

  test('exact balances and allowances are enough', async () => {
    const { tokenA, tokenB, proxy } = x.system();
    await x.system().send(tokenA.write.setBalance([maker, E18], { account: deployer }));
    await x.system().send(tokenA.write.approve([proxy.address, E18], { account: maker }));
    await x.system().send(tokenB.write.setBalance([taker, 2n * E18], { account: deployer }));
    await x.system().send(tokenB.write.approve([proxy.address, 2n * E18], { account: taker }));
    await x.fill(await x.signed(), 2n * E18);
    expect(await tokenA.read.balanceOf([maker])).toBe(0n);
    expect(await tokenA.read.allowance([maker, proxy.address])).toBe(0n);
    expect(await tokenB.read.balanceOf([taker])).toBe(0n);
  });
});

describe('balance and allowance probes (shouldThrow = false)', () => {
  test('a token whose balanceOf/allowance writes state reverts the fill', async () => {
    const { proxy } = x.system();
    const malicious = await x.deployMalicious();
    await x.system().send(malicious.write.approve([proxy.address, maxUint256], { account: maker }));
    const s = await x.signed({ makerToken: malicious.address });
    const revert = await revertOf(x.simulateFill(s, E18));
    expect(revert.name).toBeUndefined();
    const receipt = await x.forceExchange('fillOrder', x.fillArgs(s, E18));
    expect(receipt.status).toBe('reverted');
    // The same order fills when the probes are skipped, so only the probes fail.
    expect(await x.simulateFill(s, E18, { shouldThrow: true })).toBe(E18);
  });

  test('a transfer returning false after the probes passed still reverts the fill', async () => {
    const falseToken = await x.deployFalseReturning();
    const s = await x.signed({ takerToken: falseToken });
    expect((await revertOf(x.simulateFill(s, E18))).name).toBe('TransferFailed');
  });

  test('the probes run with EXTERNAL_QUERY_GAS_LIMIT = 4999 gas', async () => {
    expect(await x.system().exchange.read.EXTERNAL_QUERY_GAS_LIMIT()).toBe(4999);
    const traces = await x.probeGasLimits(await x.signed(), E18);
    expect(traces).toEqual([4999n, 4999n, 4999n, 4999n]);
  });
});

describe('a different taker account', () => {
  test('fills for msg.sender, whoever that is', async () => {
    const { tokenA, tokenB, proxy } = x.system();
    await x.system().send(tokenB.write.setBalance([other, 5n * E18], { account: deployer }));
    await x.system().send(tokenB.write.approve([proxy.address, maxUint256], { account: other }));
    await x.fill(await x.signed(), 2n * E18, { from: other });
    expect(await tokenA.read.balanceOf([other])).toBe(E18);
    expect(await tokenB.read.balanceOf([other])).toBe(3n * E18);
    expect(takerAccount.address).not.toBe(other);
  });
});
