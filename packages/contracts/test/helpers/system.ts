import { type Address, getContract, type Hash, maxUint256, type TransactionReceipt } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import {
  dummyTokenArtifact,
  exchangeArtifact,
  tokenRegistryArtifact,
  tokenTransferProxyArtifact,
  weth9Artifact,
  zrxTokenArtifact,
} from '../../src/index.js';
import { TEST_MNEMONIC } from '../../src/anvil/index.js';
import type { TestChain } from './chain.js';

/** The 0x test mnemonic's first accounts (anvil's unlocked dev accounts), as local signers. */
export const accounts = Array.from({ length: 6 }, (_, addressIndex) =>
  mnemonicToAccount(TEST_MNEMONIC, { addressIndex }),
);
const [deployerAccount, makerAccount, takerAccount, feeRecipientAccount, otherAccount] = accounts as [
  (typeof accounts)[number],
  (typeof accounts)[number],
  (typeof accounts)[number],
  (typeof accounts)[number],
  (typeof accounts)[number],
];
export { deployerAccount, feeRecipientAccount, makerAccount, otherAccount, takerAccount };

export const deployer = deployerAccount.address;
export const maker = makerAccount.address;
export const taker = takerAccount.address;
export const feeRecipient = feeRecipientAccount.address;
export const other = otherAccount.address;

/** Balance each trading party starts with in every token (tokenA, tokenB, ZRX). */
export const INITIAL_BALANCE = 1_000_000n * 10n ** 18n;

export type System = Awaited<ReturnType<typeof deploySystem>>;

/**
 * Deploys the v1 system in 0x's migration order (proxy, ZRX, WETH, registry, Exchange), authorises the
 * Exchange, deploys two DummyTokens and gives maker, taker and fee recipient INITIAL_BALANCE of tokenA,
 * tokenB and ZRX with unlimited allowances to the proxy.
 */
export async function deploySystem(chain: TestChain) {
  const client = { public: chain.publicClient, wallet: chain.walletClient };
  const at = <const A extends { abi: readonly unknown[] }>(artifact: A, address: Address) =>
    getContract({ abi: artifact.abi as A['abi'], address, client });

  const proxyAddress = await chain.deploy(tokenTransferProxyArtifact, [], deployer);
  const zrxAddress = await chain.deploy(zrxTokenArtifact, [], deployer);
  const wethAddress = await chain.deploy(weth9Artifact, [], deployer);
  const registryAddress = await chain.deploy(tokenRegistryArtifact, [], deployer);
  const exchangeAddress = await chain.deploy(exchangeArtifact, [zrxAddress, proxyAddress], deployer);
  const tokenAAddress = await chain.deploy(dummyTokenArtifact, ['Token A', 'TKA', 18, 0n], deployer);
  const tokenBAddress = await chain.deploy(dummyTokenArtifact, ['Token B', 'TKB', 18, 0n], deployer);

  const proxy = at(tokenTransferProxyArtifact, proxyAddress);
  const zrx = at(zrxTokenArtifact, zrxAddress);
  const weth = at(weth9Artifact, wethAddress);
  const registry = at(tokenRegistryArtifact, registryAddress);
  const exchange = at(exchangeArtifact, exchangeAddress);
  const tokenA = at(dummyTokenArtifact, tokenAAddress);
  const tokenB = at(dummyTokenArtifact, tokenBAddress);

  const send = async (hash: Promise<Hash>): Promise<TransactionReceipt> => {
    const receipt = await chain.receipt(await hash);
    if (receipt.status !== 'success') throw new Error(`transaction ${receipt.transactionHash} reverted`);
    return receipt;
  };

  await send(proxy.write.addAuthorizedAddress([exchangeAddress], { account: deployer }));
  for (const party of [maker, taker, feeRecipient]) {
    await send(tokenA.write.setBalance([party, INITIAL_BALANCE], { account: deployer }));
    await send(tokenB.write.setBalance([party, INITIAL_BALANCE], { account: deployer }));
    await send(zrx.write.transfer([party, INITIAL_BALANCE], { account: deployer }));
    for (const token of [tokenA, tokenB, zrx]) {
      await send(token.write.approve([proxyAddress, maxUint256], { account: party }));
    }
  }

  return { proxy, zrx, weth, registry, exchange, tokenA, tokenB, send, at };
}
