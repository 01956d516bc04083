import { DEV_MNEMONIC } from '@relayer/protocol';
import {
  type Abi,
  type Address,
  type Chain,
  type GetContractReturnType,
  getContract,
  type Hash,
  maxUint256,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import {
  dummyTokenArtifact,
  exchangeArtifact,
  tokenRegistryArtifact,
  tokenTransferProxyArtifact,
  weth9Artifact,
  zrxTokenArtifact,
} from '../../src/index.js';
import type { TestChain } from './chain.js';

/** The 0x test mnemonic's first accounts (anvil's unlocked dev accounts), as local signers. */
export const accounts = Array.from({ length: 6 }, (_, addressIndex) =>
  mnemonicToAccount(DEV_MNEMONIC, { addressIndex }),
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

type Client = { public: PublicClient<Transport, Chain>; wallet: WalletClient<Transport, Chain> };

/** A typed viem contract instance for an artifact's ABI. */
export type ContractOf<A extends { abi: Abi }> = GetContractReturnType<A['abi'], Client>;

export interface System {
  proxy: ContractOf<typeof tokenTransferProxyArtifact>;
  zrx: ContractOf<typeof zrxTokenArtifact>;
  weth: ContractOf<typeof weth9Artifact>;
  registry: ContractOf<typeof tokenRegistryArtifact>;
  exchange: ContractOf<typeof exchangeArtifact>;
  tokenA: ContractOf<typeof dummyTokenArtifact>;
  tokenB: ContractOf<typeof dummyTokenArtifact>;
  /** Awaits a write and its receipt; throws if the transaction reverted. */
  send(hash: Promise<Hash>): Promise<TransactionReceipt>;
  /** A typed contract instance of `artifact` at `address`. */
  at<const A extends { abi: Abi }>(artifact: A, address: Address): ContractOf<A>;
}

/**
 * Deploys the v1 system in 0x's migration order (proxy, ZRX, WETH, registry, Exchange), authorises the
 * Exchange, deploys two DummyTokens and gives maker, taker and fee recipient INITIAL_BALANCE of tokenA,
 * tokenB and ZRX with unlimited allowances to the proxy.
 */
export async function deploySystem(chain: TestChain): Promise<System> {
  const client: Client = { public: chain.publicClient, wallet: chain.walletClient };
  const at = <const A extends { abi: Abi }>(artifact: A, address: Address): ContractOf<A> =>
    getContract({ abi: artifact.abi, address, client }) as unknown as ContractOf<A>;

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
    // Every token here shares the ERC20 approve, so one ABI serves all three.
    for (const token of [tokenAAddress, tokenBAddress, zrxAddress]) {
      await send(at(dummyTokenArtifact, token).write.approve([proxyAddress, maxUint256], { account: party }));
    }
  }

  return { proxy, zrx, weth, registry, exchange, tokenA, tokenB, send, at };
}
