import { type Address, parseEventLogs, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { zrxTokenArtifact } from '../src/index.js';
import { useExchange } from './helpers/exchangeFixture.js';
import { revertOf } from './helpers/reverts.js';
import { deployer, feeRecipient, INITIAL_BALANCE, maker, taker } from './helpers/system.js';

const E18 = 10n ** 18n;
const x = useExchange();

/** Moves ZRX between `who` and the deployer until `who` holds exactly `amount`. */
async function setZrxBalance(who: Address, amount: bigint) {
  const { zrx, send } = x.system();
  const current = await zrx.read.balanceOf([who]);
  if (current > amount) await send(zrx.write.transfer([deployer, current - amount], { account: who }));
  if (current < amount) await send(zrx.write.transfer([who, amount - current], { account: deployer }));
}

async function setZrxAllowance(who: Address, amount: bigint) {
  const { zrx, proxy, send } = x.system();
  await send(zrx.write.approve([proxy.address, amount], { account: who }));
}

const zrxBalances = async () => {
  const { zrx } = x.system();
  return Promise.all([maker, taker, feeRecipient].map((who) => zrx.read.balanceOf([who])));
};

describe('fees with a fee recipient', () => {
  test('a full fill charges makerFee and takerFee in ZRX to the fee recipient', async () => {
    const { zrx, tokenA, tokenB } = x.system();
    const s = await x.signed({ feeRecipient, makerFee: E18, takerFee: 2n * E18 });
    const receipt = await x.fill(s, 2n * E18);
    expect(await zrxBalances()).toEqual([
      INITIAL_BALANCE - E18,
      INITIAL_BALANCE - 2n * E18,
      INITIAL_BALANCE + 3n * E18,
    ]);
    expect(x.exchangeLogs(receipt)[0]?.args).toMatchObject({
      feeRecipient,
      paidMakerFee: E18,
      paidTakerFee: 2n * E18,
    });
    // v1's transfer order: maker token, taker token, maker fee, taker fee.
    const transfers = parseEventLogs({
      abi: zrxTokenArtifact.abi,
      logs: receipt.logs,
      eventName: 'Transfer',
    });
    expect(transfers.map((t) => [t.address.toLowerCase(), t.args.from, t.args.to, t.args.value])).toEqual([
      [tokenA.address.toLowerCase(), maker, taker, E18],
      [tokenB.address.toLowerCase(), taker, maker, 2n * E18],
      [zrx.address.toLowerCase(), maker, feeRecipient, E18],
      [zrx.address.toLowerCase(), taker, feeRecipient, 2n * E18],
    ]);
  });

  test('partial fills pay fees pro rata, rounded down', async () => {
    const s = await x.signed({
      feeRecipient,
      makerTokenAmount: 3n,
      takerTokenAmount: 3n,
      makerFee: 10n,
      takerFee: 7n,
    });
    const receipt = await x.fill(s, 1n);
    expect(x.exchangeLogs(receipt)[0]?.args).toMatchObject({ paidMakerFee: 3n, paidTakerFee: 2n });
    expect(await zrxBalances()).toEqual([INITIAL_BALANCE - 3n, INITIAL_BALANCE - 2n, INITIAL_BALANCE + 5n]);
  });

  test('a fee share that rounds to zero is still transferred (as 0), as in v1', async () => {
    const { zrx } = x.system();
    const s = await x.signed({
      feeRecipient,
      makerTokenAmount: 3n,
      takerTokenAmount: 3n,
      makerFee: 1n,
      takerFee: 0n,
    });
    const receipt = await x.fill(s, 1n);
    const zrxTransfers = parseEventLogs({
      abi: zrxTokenArtifact.abi,
      logs: receipt.logs,
      eventName: 'Transfer',
    }).filter((t) => t.address.toLowerCase() === zrx.address.toLowerCase());
    expect(zrxTransfers.map((t) => t.args)).toEqual([{ from: maker, to: feeRecipient, value: 0n }]);
  });

  test('zero fees with a fee recipient move no ZRX', async () => {
    const s = await x.signed({ feeRecipient });
    const receipt = await x.fill(s, 2n * E18);
    expect(receipt.logs).toHaveLength(3);
    expect(await zrxBalances()).toEqual([INITIAL_BALANCE, INITIAL_BALANCE, INITIAL_BALANCE]);
  });
});

describe('fees without a fee recipient', () => {
  test('no fee is charged even when makerFee and takerFee are set; LogFill reports 0', async () => {
    const s = await x.signed({ feeRecipient: zeroAddress, makerFee: E18, takerFee: 2n * E18 });
    const receipt = await x.fill(s, 2n * E18);
    expect(x.exchangeLogs(receipt)[0]?.args).toMatchObject({
      feeRecipient: zeroAddress,
      paidMakerFee: 0n,
      paidTakerFee: 0n,
    });
    expect(await zrxBalances()).toEqual([INITIAL_BALANCE, INITIAL_BALANCE, INITIAL_BALANCE]);
  });

  test('ZRX holdings are not even probed', async () => {
    await setZrxBalance(maker, 0n);
    await setZrxBalance(taker, 0n);
    const s = await x.signed({ makerFee: E18, takerFee: 2n * E18 });
    expect(await x.simulateFill(s, 2n * E18)).toBe(2n * E18);
  });
});

describe('ZRX shortfalls for fees', () => {
  const feeOrder = () => x.signed({ feeRecipient, makerFee: E18, takerFee: 2n * E18 });
  const expectLogError3 = async (s: Awaited<ReturnType<typeof feeOrder>>) => {
    expect(await x.simulateFill(s, 2n * E18)).toBe(0n);
    const logs = x.exchangeLogs(await x.fill(s, 2n * E18));
    expect(logs.map((l) => [l.eventName, l.args])).toEqual([['LogError', { errorId: 3, orderHash: s.hash }]]);
  };

  test('maker ZRX balance below the fee: LogError 3', async () => {
    await setZrxBalance(maker, E18 - 1n);
    await expectLogError3(await feeOrder());
  });

  test('maker ZRX allowance below the fee: LogError 3', async () => {
    await setZrxAllowance(maker, E18 - 1n);
    await expectLogError3(await feeOrder());
  });

  test('taker ZRX balance below the fee: LogError 3', async () => {
    await setZrxBalance(taker, 2n * E18 - 1n);
    await expectLogError3(await feeOrder());
  });

  test('taker ZRX allowance below the fee: LogError 3', async () => {
    await setZrxAllowance(taker, 2n * E18 - 1n);
    await expectLogError3(await feeOrder());
  });

  test('exact fee balances are enough', async () => {
    await setZrxBalance(maker, E18);
    await setZrxBalance(taker, 2n * E18);
    await x.fill(await feeOrder(), 2n * E18);
    expect(await zrxBalances()).toEqual([0n, 0n, INITIAL_BALANCE + 3n * E18]);
  });

  test('with shouldThrow = true a short taker fee reverts the fill instead', async () => {
    await setZrxBalance(taker, 2n * E18 - 1n);
    expect((await revertOf(x.simulateFill(await feeOrder(), 2n * E18, { shouldThrow: true }))).name).toBe(
      'TransferFailed',
    );
  });
});

describe('ZRX as the traded token: amount and fee are required together', () => {
  /** 10 maker tokens for 20 taker tokens, ZRX on `side`, with these fees. */
  const zrxOrder = (side: 'makerToken' | 'takerToken', makerFee: bigint, takerFee: bigint) => () =>
    x.signed({
      [side]: x.system().zrx.address,
      makerTokenAmount: 10n * E18,
      takerTokenAmount: 20n * E18,
      feeRecipient,
      makerFee,
      takerFee,
    });
  // Maker sells 10 ZRX for 20 tokenB with a 1 ZRX maker fee: the maker needs 11 ZRX.
  const zrxMakerOrder = zrxOrder('makerToken', E18, 0n);
  // Maker sells 10 tokenA for 20 ZRX with a 2 ZRX taker fee: the taker needs 22 ZRX.
  const zrxTakerOrder = zrxOrder('takerToken', 0n, 2n * E18);

  test('maker token ZRX: 11 ZRX balance and allowance fill', async () => {
    await setZrxBalance(maker, 11n * E18);
    await setZrxAllowance(maker, 11n * E18);
    const s = await zrxMakerOrder();
    expect(await x.simulateFill(s, 20n * E18)).toBe(20n * E18);
    await x.fill(s, 20n * E18);
    expect(await zrxBalances()).toEqual([0n, INITIAL_BALANCE + 10n * E18, INITIAL_BALANCE + E18]);
  });

  test('maker token ZRX: a balance that covers the amount but not amount + fee logs error 3', async () => {
    await setZrxBalance(maker, 11n * E18 - 1n);
    const s = await zrxMakerOrder();
    expect(await x.simulateFill(s, 20n * E18)).toBe(0n);
    // Half the order needs 5 + 0.5 ZRX and fits.
    expect(await x.simulateFill(s, 10n * E18)).toBe(10n * E18);
  });

  test('maker token ZRX: an allowance that covers the amount but not amount + fee logs error 3', async () => {
    await setZrxAllowance(maker, 11n * E18 - 1n);
    expect(await x.simulateFill(await zrxMakerOrder(), 20n * E18)).toBe(0n);
  });

  test('taker token ZRX: 22 ZRX balance and allowance fill', async () => {
    await setZrxBalance(taker, 22n * E18);
    await setZrxAllowance(taker, 22n * E18);
    const s = await zrxTakerOrder();
    await x.fill(s, 20n * E18);
    expect(await zrxBalances()).toEqual([INITIAL_BALANCE + 20n * E18, 0n, INITIAL_BALANCE + 2n * E18]);
  });

  test('taker token ZRX: a balance that covers the amount but not amount + fee logs error 3', async () => {
    await setZrxBalance(taker, 22n * E18 - 1n);
    const s = await zrxTakerOrder();
    const logs = x.exchangeLogs(await x.fill(s, 20n * E18));
    expect(logs.map((l) => l.eventName)).toEqual(['LogError']);
    expect(logs[0]?.args).toEqual({ errorId: 3, orderHash: s.hash });
  });

  test('taker token ZRX: an allowance that covers the amount but not amount + fee logs error 3', async () => {
    await setZrxAllowance(taker, 22n * E18 - 1n);
    expect(await x.simulateFill(await zrxTakerOrder(), 20n * E18)).toBe(0n);
  });

  test('without a fee recipient only the traded amount is required', async () => {
    await setZrxBalance(maker, 10n * E18);
    const s = await x.signed({
      makerToken: x.system().zrx.address,
      makerTokenAmount: 10n * E18,
      takerTokenAmount: 20n * E18,
      makerFee: E18,
    });
    expect(await x.simulateFill(s, 20n * E18)).toBe(20n * E18);
  });
});
