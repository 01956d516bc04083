/**
 * PROTOCOL.md's vectors on chain: order hashes (§2.1, §2.2), signatures (§2.2, §3.5), the rounding
 * table (§4.3), the fillOrder calldata example (§4.2) and vector B's worked partial fill (§4.4).
 * The chain starts in 2017 (--timestamp) so that vector A (expiring in 2020) is still fillable.
 */

import { networks, vectors } from '@relayer/protocol';
import {
  type Address,
  encodeAbiParameters,
  getAddress,
  type Hex,
  hashMessage,
  maxUint256,
  pad,
  parseEther,
  zeroAddress,
} from 'viem';
import { describe, expect, test } from 'vitest';
import { exchangeArtifact, weth9Artifact, zrxTokenArtifact } from '../src/index.js';
import { useExchange } from './helpers/exchangeFixture.js';
import { fromWireOrder, hashOrder, makeOrder, orderAddresses, orderValues } from './helpers/orders.js';
import { revertOf } from './helpers/reverts.js';
import { accounts, deployer } from './helpers/system.js';

const x = useExchange({ args: ['--timestamp', '1500000000'] });

const { officialOrderHash, orderA, orderB, officialSignature } = vectors;
const ZERO_ORDER = fromWireOrder(officialOrderHash.order);
const VECTOR_A = fromWireOrder(orderA.signedOrder);
const VECTOR_A_HASH = orderA.orderHash;
const VECTOR_A_SIG = orderA.signedOrder.ecSignature;
const VECTOR_B = fromWireOrder(orderB.signedOrder);
const VECTOR_B_HASH = orderB.orderHash;
const VECTOR_B_SIG = orderB.signedOrder.ecSignature;

/** Vector B's mainnet contracts: its Exchange, WETH9 (maker token) and ZRX (taker token, and the fee token). */
const MAINNET = {
  exchange: orderB.signedOrder.exchangeContractAddress,
  weth: orderB.signedOrder.makerTokenAddress,
  zrx: orderB.signedOrder.takerTokenAddress,
} as const;

/** §5.1: LogFill's `tokens` topic for WETH9 -> ZRX (mainnet) and network-50 ZRX -> WETH. */
const [WETH_ZRX_TOKENS, , LOCAL_ZRX_WETH_TOKENS] = vectors.logFillTokens.map((pair) => pair.tokens);

/** Runs the Exchange's code at `address` (bound to the fixture's ZRX and proxy). */
async function exchangeAt(address: Address) {
  const { exchange } = x.system();
  const code = await x.chain().publicClient.getCode({ address: exchange.address });
  await x.chain().testClient.setCode({ address, bytecode: code as Hex });
  return x.system().at(exchangeArtifact, getAddress(address));
}

describe('getOrderHash', () => {
  test('§2.1: the official all-zero vector, bound to 0xb69e…a93b', async () => {
    const at = await exchangeAt(officialOrderHash.order.exchangeContractAddress);
    const hash = await at.read.getOrderHash([orderAddresses(ZERO_ORDER), orderValues(ZERO_ORDER)]);
    expect(hash).toBe(officialOrderHash.orderHash);
    expect(hashOrder(officialOrderHash.order.exchangeContractAddress, ZERO_ORDER)).toBe(hash);
  });

  test('§2.2 A: the fixture deploys the Exchange at the network-50 address, so the vector hashes as is', async () => {
    const { exchange, zrx, weth, proxy, registry } = x.system();
    const local = networks[50];
    expect([proxy, zrx, weth, registry, exchange].map((c) => c.address.toLowerCase())).toEqual([
      local.tokenTransferProxy,
      local.zrx,
      local.weth,
      local.tokenRegistry,
      local.exchange,
    ]);
    expect(orderA.signedOrder.exchangeContractAddress).toBe(local.exchange);
    expect(await exchange.read.getOrderHash([orderAddresses(VECTOR_A), orderValues(VECTOR_A)])).toBe(
      VECTOR_A_HASH,
    );
  });

  test('§2.2 B at the mainnet Exchange address', async () => {
    const at = await exchangeAt(MAINNET.exchange);
    expect(await at.read.getOrderHash([orderAddresses(VECTOR_B), orderValues(VECTOR_B)])).toBe(VECTOR_B_HASH);
  });

  test('upper address bits are ignored, as v1’s decoder masked them', async () => {
    const { exchange } = x.system();
    const dirty = `0x${'ff'.repeat(12)}${VECTOR_A.maker.slice(2)}` as const;
    const data = `0xcfc4d0ec${encodeAbiParameters(
      [{ type: 'uint256[5]' }, { type: 'uint256[6]' }],
      [
        [BigInt(dirty), 0n, BigInt(VECTOR_A.makerToken), BigInt(VECTOR_A.takerToken), 0n],
        orderValues(VECTOR_A),
      ],
    ).slice(2)}` as Hex;
    const result = await x.chain().publicClient.call({ to: exchange.address, data });
    expect(result.data).toBe(VECTOR_A_HASH);
  });
});

describe('isValidSignature', () => {
  test('§2.2 A and B (v = 27 and v = 28)', async () => {
    const { exchange } = x.system();
    expect(
      await exchange.read.isValidSignature([
        VECTOR_A.maker,
        VECTOR_A_HASH,
        VECTOR_A_SIG.v,
        VECTOR_A_SIG.r,
        VECTOR_A_SIG.s,
      ]),
    ).toBe(true);
    expect(
      await exchange.read.isValidSignature([
        VECTOR_B.maker,
        VECTOR_B_HASH,
        VECTOR_B_SIG.v,
        VECTOR_B_SIG.r,
        VECTOR_B_SIG.s,
      ]),
    ).toBe(true);
    expect(
      await exchange.read.isValidSignature([
        VECTOR_B.taker,
        VECTOR_B_HASH,
        VECTOR_B_SIG.v,
        VECTOR_B_SIG.r,
        VECTOR_B_SIG.s,
      ]),
    ).toBe(false);
  });

  test('§3.5: the official signature is valid with v = 27 and invalid with v = 28', async () => {
    const { exchange } = x.system();
    const { data, signer, ecSignature, prefixedDigest } = officialSignature;
    const { r, s } = ecSignature;
    expect(hashMessage({ raw: data })).toBe(prefixedDigest);
    expect(await exchange.read.isValidSignature([signer, data, 27, r, s])).toBe(true);
    expect(await exchange.read.isValidSignature([signer, data, 28, r, s])).toBe(false);
    // The prefix is applied on chain: handing over the already-prefixed digest does not verify.
    expect(await exchange.read.isValidSignature([signer, hashMessage({ raw: data }), 27, r, s])).toBe(false);
  });

  test('v1 quirk kept: an unrecoverable signature "verifies" for signer 0', async () => {
    const { exchange } = x.system();
    expect(await exchange.read.isValidSignature([zeroAddress, VECTOR_A_HASH, 0, pad('0x'), pad('0x')])).toBe(
      true,
    );
    expect(
      await exchange.read.isValidSignature([VECTOR_A.maker, VECTOR_A_HASH, 0, pad('0x'), pad('0x')]),
    ).toBe(false);
  });
});

describe('§4.3 math helpers', () => {
  test.each(
    vectors.rounding.map((row) => [
      row.numerator,
      row.denominator,
      row.target,
      row.isRoundingError,
      row.partialAmount,
    ]),
  )('isRoundingError/getPartialAmount(%s, %s, %s) = %s / %s', async (n, d, t, rounding, partial) => {
    const { exchange } = x.system();
    expect(await exchange.read.isRoundingError([n, d, t])).toBe(rounding);
    expect(await exchange.read.getPartialAmount([n, d, t])).toBe(partial);
  });

  test('a zero denominator: no rounding error (v1 mulmod), but getPartialAmount reverts', async () => {
    const { exchange } = x.system();
    expect(await exchange.read.isRoundingError([1n, 0n, 1n])).toBe(false);
    expect(await revertOf(exchange.read.getPartialAmount([1n, 0n, 1n]))).toEqual({
      name: 'Panic',
      args: [0x12n],
    });
  });

  test('overflow reverts', async () => {
    const { exchange } = x.system();
    expect(await revertOf(exchange.read.getPartialAmount([2n ** 255n, 1n, 2n]))).toEqual({
      name: 'Panic',
      args: [0x11n],
    });
    expect(await revertOf(exchange.read.isRoundingError([2n ** 255n, 7n, 3n]))).toEqual({
      name: 'Panic',
      args: [0x11n],
    });
  });
});

describe('filling the vectors', () => {
  test('§4.2: the example calldata fills vector A for 0.1 WETH and pays 0.5 ZRX', async () => {
    const { exchange, zrx, weth, proxy, send } = x.system();
    const filler = accounts[4]?.address as Address;
    await send(zrx.write.approve([proxy.address, maxUint256], { account: deployer }));
    await send(weth.write.deposit({ account: filler, value: parseEther('1') }));
    await send(weth.write.approve([proxy.address, maxUint256], { account: filler }));

    const call = await x
      .chain()
      .publicClient.call({ account: filler, to: exchange.address, data: orderA.fillOrder.calldata });
    expect(BigInt(call.data as Hex)).toBe(orderA.fillOrder.fillTakerTokenAmount);
    const receipt = await x.mined(
      x.chain().walletClient.sendTransaction({
        account: filler,
        to: exchange.address,
        data: orderA.fillOrder.calldata,
        chain: x.chain().chain,
      }),
    );
    const logs = x.exchangeLogs(receipt);
    expect(logs.map((l) => l.eventName)).toEqual(['LogFill']);
    expect(logs[0]?.args).toMatchObject({
      maker: getAddress(VECTOR_A.maker),
      taker: filler,
      filledMakerTokenAmount: orderA.fillOrder.filledMakerTokenAmount,
      filledTakerTokenAmount: orderA.fillOrder.fillTakerTokenAmount,
      orderHash: VECTOR_A_HASH,
      tokens: LOCAL_ZRX_WETH_TOKENS,
    });
    expect(await zrx.read.balanceOf([filler])).toBe(orderA.fillOrder.filledMakerTokenAmount);
    expect(await weth.read.balanceOf([VECTOR_A.maker])).toBe(orderA.fillOrder.fillTakerTokenAmount);
    expect(await exchange.read.filled([VECTOR_A_HASH])).toBe(orderA.fillOrder.fillTakerTokenAmount);
  });

  /** ZRX the maker of vector B holds before the fill, for its fee. */
  const MAKER_ZRX = 10n ** 18n;

  /** Mainnet-address copies: Exchange (ZRX = mainnet ZRX), WETH9 and ZRX code, with ZRX balances set in storage. */
  async function mainnetSetup(takerZrx: bigint) {
    const { proxy, send } = x.system();
    const c = x.chain();
    const exchangeAddress = await c.deploy(exchangeArtifact, [MAINNET.zrx, proxy.address], deployer);
    await c.testClient.setCode({
      address: MAINNET.exchange,
      bytecode: (await c.publicClient.getCode({ address: exchangeAddress })) as Hex,
    });
    await send(proxy.write.addAuthorizedAddress([MAINNET.exchange], { account: deployer }));
    await c.testClient.setCode({ address: MAINNET.weth, bytecode: weth9Artifact.deployedBytecode });
    const zrxAddress = await c.deploy(zrxTokenArtifact, [], deployer);
    await c.testClient.setCode({
      address: MAINNET.zrx,
      bytecode: (await c.publicClient.getCode({ address: zrxAddress })) as Hex,
    });
    // UnlimitedAllowanceToken layout: the balance of `holder` sits at slot 2^160 | holder.
    const setZrx = (holder: Address, amount: bigint) =>
      c.testClient.setStorageAt({
        address: MAINNET.zrx,
        index: pad(`0x${((1n << 160n) | BigInt(holder)).toString(16)}`),
        value: pad(`0x${amount.toString(16)}`),
      });
    await setZrx(VECTOR_B.maker, MAKER_ZRX);
    await setZrx(VECTOR_B.taker, takerZrx);
    const exchange = x.system().at(exchangeArtifact, getAddress(MAINNET.exchange));
    const weth = x.system().at(weth9Artifact, getAddress(MAINNET.weth));
    const zrx = x.system().at(zrxTokenArtifact, getAddress(MAINNET.zrx));
    await send(weth.write.deposit({ account: VECTOR_B.maker, value: parseEther('1') }));
    await send(weth.write.approve([proxy.address, maxUint256], { account: VECTOR_B.maker }));
    await send(zrx.write.approve([proxy.address, maxUint256], { account: VECTOR_B.maker }));
    await send(zrx.write.approve([proxy.address, maxUint256], { account: VECTOR_B.taker }));
    return { exchange, weth, zrx };
  }

  const fillB = (amount: bigint) =>
    [
      orderAddresses(VECTOR_B),
      orderValues(VECTOR_B),
      amount,
      false,
      VECTOR_B_SIG.v,
      VECTOR_B_SIG.r,
      VECTOR_B_SIG.s,
    ] as const;

  const partial = orderB.partialFill;

  test('§4.4: vector B filled for 250 ZRX pays 0.125 WETH, 0.25 + 0.5 ZRX fees', async () => {
    const { exchange, weth, zrx } = await mainnetSetup(partial.takerZrxRequired);
    const receipt = await x
      .system()
      .send(exchange.write.fillOrder([...fillB(partial.fillTakerTokenAmount)], { account: VECTOR_B.taker }));
    const fill = receipt.logs.filter((l) => l.address.toLowerCase() === MAINNET.exchange);
    expect(fill).toHaveLength(1);
    expect(fill[0]?.topics[3]).toBe(WETH_ZRX_TOKENS);
    expect(await weth.read.balanceOf([VECTOR_B.taker])).toBe(partial.filledMakerTokenAmount);
    expect(await zrx.read.balanceOf([VECTOR_B.taker])).toBe(0n);
    expect(await zrx.read.balanceOf([VECTOR_B.feeRecipient])).toBe(
      partial.paidMakerFee + partial.paidTakerFee,
    );
    expect(await zrx.read.balanceOf([VECTOR_B.maker])).toBe(
      MAKER_ZRX + partial.fillTakerTokenAmount - partial.paidMakerFee,
    );
    expect(await exchange.read.filled([VECTOR_B_HASH])).toBe(partial.fillTakerTokenAmount);
  });

  test('§4.4: the taker needs 250.5 ZRX for it, not just 250', async () => {
    const { exchange } = await mainnetSetup(partial.takerZrxRequired - 1n);
    const { result } = await exchange.simulate.fillOrder([...fillB(partial.fillTakerTokenAmount)], {
      account: VECTOR_B.taker,
    });
    expect(result).toBe(0n);
    const receipt = await x
      .system()
      .send(exchange.write.fillOrder([...fillB(partial.fillTakerTokenAmount)], { account: VECTOR_B.taker }));
    expect(receipt.logs).toHaveLength(1);
    expect(BigInt(receipt.logs[0]?.topics[1] as Hex)).toBe(3n);
  });

  test('vector B names its taker: nobody else may fill it', async () => {
    const { exchange } = await mainnetSetup(10n ** 21n);
    const revert = await revertOf(
      exchange.simulate.fillOrder([...fillB(10n ** 18n)], { account: VECTOR_B.feeRecipient }),
    );
    expect(revert.name).toBe('SenderIsNotTaker');
  });

  test('makeOrder round-trips through the helpers (sanity of the test tooling)', () => {
    expect(hashOrder(MAINNET.exchange, makeOrder({ ...VECTOR_B }))).toBe(VECTOR_B_HASH);
  });
});
