/**
 * PROTOCOL.md's vectors on chain: order hashes (§2.1, §2.2), signatures (§2.2, §3.5), the rounding
 * table (§4.3), the fillOrder calldata example (§4.2) and vector B's worked partial fill (§4.4).
 * The chain starts in 2017 (--timestamp) so that vector A (expiring in 2020) is still fillable.
 */
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
import { hashOrder, makeOrder, type Order, orderAddresses, orderValues } from './helpers/orders.js';
import { revertOf } from './helpers/reverts.js';
import { accounts, deployer } from './helpers/system.js';

const x = useExchange({ args: ['--timestamp', '1500000000'] });

const ZERO_ORDER: Order = {
  maker: zeroAddress,
  taker: zeroAddress,
  makerToken: zeroAddress,
  takerToken: zeroAddress,
  feeRecipient: zeroAddress,
  makerTokenAmount: 0n,
  takerTokenAmount: 0n,
  makerFee: 0n,
  takerFee: 0n,
  expirationTimestampInSec: 0n,
  salt: 0n,
};

const VECTOR_A: Order = {
  maker: '0x5409ed021d9299bf6814279a6a1411a7e866a631',
  taker: zeroAddress,
  makerToken: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
  takerToken: '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
  feeRecipient: zeroAddress,
  makerTokenAmount: 1000000000000000000n,
  takerTokenAmount: 200000000000000000n,
  makerFee: 0n,
  takerFee: 0n,
  expirationTimestampInSec: 1600000000n,
  salt: 12345n,
};
const VECTOR_A_HASH = '0xcb2462231b58e26969b6b26e7dd05a66a08f90e5c966f0b99ed60b8564fa51ba';
const VECTOR_A_SIG = {
  v: 27,
  r: '0x568374339f8d2bb0c824f409b83e222f2deb5807410271791a39c587704bf9aa',
  s: '0x4b2a9dc990bd07d045a5f634e2a52d1ed3d1b1519bd416f7b886f77e3588fbb3',
} as const;

const MAINNET = {
  exchange: '0x12459c951127e0c374ff9105dda097662a027093',
  weth: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  zrx: '0xe41d2489571d322189246dafa5ebde1f4699f498',
} as const;
const VECTOR_B: Order = {
  maker: '0x5409ed021d9299bf6814279a6a1411a7e866a631',
  taker: '0x6ecbe1db9ef729cbe972c83fb886247691fb6beb',
  makerToken: MAINNET.weth,
  takerToken: MAINNET.zrx,
  feeRecipient: '0xe36ea790bc9d7ab70c55260c66d52b1eca985f84',
  makerTokenAmount: 500000000000000000n,
  takerTokenAmount: 1000000000000000000000n,
  makerFee: 1000000000000000000n,
  takerFee: 2000000000000000000n,
  expirationTimestampInSec: 4102444800n,
  salt: 67006738228878699843088602623665307406148487219438534730168799356281242528500n,
};
const VECTOR_B_HASH = '0x06c8a3df0dfcde35ad06f08e4b76617d2ff41924332c4f16de30d9e2137e2e3f';
const VECTOR_B_SIG = {
  v: 28,
  r: '0x52f2b9405e398b4a2f7bf4c9348b4ec68def951d0b47b459c95a3d1b14cf73ec',
  s: '0x5fe16f16a949dd1e5bb133c4e00a18e6a8559ad9daac9bca3395ba401947119d',
} as const;

/** The §4.2 calldata: fill vector A for 0.1 WETH with shouldThrow = false. */
const FILL_CALLDATA = `0x${[
  'bc61394a',
  '0000000000000000000000005409ed021d9299bf6814279a6a1411a7e866a631',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0000000000000000000000001d7022f5b17d2f8b695918fb48fa1089c9f85401',
  '000000000000000000000000871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0000000000000000000000000000000000000000000000000de0b6b3a7640000',
  '00000000000000000000000000000000000000000000000002c68af0bb140000',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '000000000000000000000000000000000000000000000000000000005f5e1000',
  '0000000000000000000000000000000000000000000000000000000000003039',
  '000000000000000000000000000000000000000000000000016345785d8a0000',
  '0000000000000000000000000000000000000000000000000000000000000000',
  '000000000000000000000000000000000000000000000000000000000000001b',
  '568374339f8d2bb0c824f409b83e222f2deb5807410271791a39c587704bf9aa',
  '4b2a9dc990bd07d045a5f634e2a52d1ed3d1b1519bd416f7b886f77e3588fbb3',
].join('')}` as const;

/** Runs the Exchange's code at `address` (bound to the fixture's ZRX and proxy). */
async function exchangeAt(address: Address) {
  const { exchange } = x.system();
  const code = await x.chain().publicClient.getCode({ address: exchange.address });
  await x.chain().testClient.setCode({ address, bytecode: code as Hex });
  return x.system().at(exchangeArtifact, getAddress(address));
}

describe('getOrderHash', () => {
  test('§2.1: the official all-zero vector, bound to 0xb69e…a93b', async () => {
    const at = await exchangeAt('0xb69e673309512a9d726f87304c6984054f87a93b');
    const hash = await at.read.getOrderHash([orderAddresses(ZERO_ORDER), orderValues(ZERO_ORDER)]);
    expect(hash).toBe('0x39da987067a3c9e5f1617694f1301326ba8c8b0498ebef5df4863bed394e3c83');
    expect(hashOrder('0xb69e673309512a9d726f87304c6984054f87a93b', ZERO_ORDER)).toBe(hash);
  });

  test('§2.2 A: the fixture deploys the Exchange at the network-50 address, so the vector hashes as is', async () => {
    const { exchange, zrx, weth, proxy, registry } = x.system();
    expect([proxy, zrx, weth, registry, exchange].map((c) => c.address.toLowerCase())).toEqual([
      '0x1dc4c1cefef38a777b15aa20260a54e584b16c48',
      '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
      '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
      '0x0b1ba0af832d7c05fd64161e0db78e85978e8082',
      '0x48bacb9266a570d521063ef5dd96e61686dbe788',
    ]);
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
    const data = '0x6927e990021d23b1eb7b8789f6a6feaf98fe104bb0cf8259421b79f9a34222b0';
    const signer = '0x5409ed021d9299bf6814279a6a1411a7e866a631';
    const r = '0x61a3ed31b43c8780e905a260a35faefcc527be7516aa11c0256729b5b351bc33';
    const s = '0x40349190569279751135161d22529dc25add4f6069af05be04cacbda2ace2254';
    expect(hashMessage({ raw: data })).toBe(
      '0x62d62abb34d387eabcf1cc9229c4d4cf290dc113602470fdad9e6f72c6ba8a79',
    );
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
  test.each([
    [20n, 999n, 50n, false, 1n],
    [20n, 9991n, 500n, false, 1n],
    [20n, 9989n, 500n, true, 1n],
    [3n, 7n, 10n, true, 4n],
    [1n, 2n, 10n, false, 5n],
    [76564n, 676373677n, 105762562n, false, 11972n],
  ])('isRoundingError/getPartialAmount(%s, %s, %s) = %s / %s', async (n, d, t, rounding, partial) => {
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
      .publicClient.call({ account: filler, to: exchange.address, data: FILL_CALLDATA });
    expect(BigInt(call.data as Hex)).toBe(100000000000000000n);
    const receipt = await x.mined(
      x.chain().walletClient.sendTransaction({
        account: filler,
        to: exchange.address,
        data: FILL_CALLDATA,
        chain: x.chain().chain,
      }),
    );
    const logs = x.exchangeLogs(receipt);
    expect(logs.map((l) => l.eventName)).toEqual(['LogFill']);
    expect(logs[0]?.args).toMatchObject({
      maker: getAddress(VECTOR_A.maker),
      taker: filler,
      filledMakerTokenAmount: 500000000000000000n,
      filledTakerTokenAmount: 100000000000000000n,
      orderHash: VECTOR_A_HASH,
      // §5.1: network-50 ZRX -> WETH
      tokens: '0xf507902b829423e84fb47fc8c09a27ea663b805c8dde24d8ac6478b1808450d8',
    });
    expect(await zrx.read.balanceOf([filler])).toBe(500000000000000000n);
    expect(await weth.read.balanceOf([VECTOR_A.maker])).toBe(100000000000000000n);
    expect(await exchange.read.filled([VECTOR_A_HASH])).toBe(100000000000000000n);
  });

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
    await setZrx(VECTOR_B.maker, 10n ** 18n);
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

  test('§4.4: vector B filled for 250 ZRX pays 0.125 WETH, 0.25 + 0.5 ZRX fees', async () => {
    const { exchange, weth, zrx } = await mainnetSetup(250_500000000000000000n);
    const receipt = await x
      .system()
      .send(exchange.write.fillOrder([...fillB(250n * 10n ** 18n)], { account: VECTOR_B.taker }));
    const fill = receipt.logs.filter((l) => l.address.toLowerCase() === MAINNET.exchange);
    expect(fill).toHaveLength(1);
    expect(fill[0]?.topics[3]).toBe('0xfcb31d7ea9cf5730c0ebbe15193c2c34c7f24f6d54b59a1ed3f7294d422bcbff'); // §5.1 WETH9 -> ZRX
    expect(await weth.read.balanceOf([VECTOR_B.taker])).toBe(125000000000000000n);
    expect(await zrx.read.balanceOf([VECTOR_B.taker])).toBe(0n);
    expect(await zrx.read.balanceOf([VECTOR_B.feeRecipient])).toBe(750000000000000000n);
    expect(await zrx.read.balanceOf([VECTOR_B.maker])).toBe(250n * 10n ** 18n + 750000000000000000n);
    expect(await exchange.read.filled([VECTOR_B_HASH])).toBe(250n * 10n ** 18n);
  });

  test('§4.4: the taker needs 250.5 ZRX for it, not just 250', async () => {
    const { exchange } = await mainnetSetup(250_500000000000000000n - 1n);
    const { result } = await exchange.simulate.fillOrder([...fillB(250n * 10n ** 18n)], {
      account: VECTOR_B.taker,
    });
    expect(result).toBe(0n);
    const receipt = await x
      .system()
      .send(exchange.write.fillOrder([...fillB(250n * 10n ** 18n)], { account: VECTOR_B.taker }));
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
