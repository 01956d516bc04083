import { type Hex, type LocalAccount, maxUint256, parseEther, toFunctionSelector } from 'viem';
import {
  falseReturningTokenArtifact,
  maliciousTokenArtifact,
  quirkyTokenArtifact,
  standardTokenArtifact,
} from '../../src/generated/index.js';
import type { TestChain } from '../helpers/chain.js';
import {
  deployer as deployerAddress,
  deploySystem,
  feeRecipientAccount,
  makerAccount,
  otherAccount,
  takerAccount,
} from '../helpers/system.js';
import { type Address, lower, ModelWorld } from '../model/ModelWorld.js';
import type { TokenSpec } from '../model/TokenSpec.js';
import { createRpc, type Rpc } from './createRpc.js';
import { TOKEN_TABLE } from './tokenTable.js';

/** One value the test reads after every step, and where the model keeps it. */
export interface StateRead {
  to: Address;
  data: Hex;
  /** Key in the model: balance or allowance of a token holder. */
  key: { kind: 'balance' | 'allowance'; token: Address; holder: Address };
}

export interface DifferentialWorld {
  rpc: Rpc;
  exchange: Address;
  proxy: Address;
  zrx: Address;
  deployer: Address;
  /** maker, taker, fee recipient, other: every party can sign, send, hold and approve. */
  parties: { address: Address; account: LocalAccount }[];
  /** TOKEN_TABLE with addresses. */
  tokens: TokenSpec[];
  /** Balances and proxy allowances of every party and the deployer in every token with storage. */
  reads: StateRead[];
  /** The model's world at the snapshot; `time` is the first block's timestamp after it. */
  base: ModelWorld;
  /**
   * Back to the state after setup (anvil snapshots are used up by a revert, so a new one is taken),
   * with automatic mining off: each step mines its transaction itself, at the model's timestamp.
   */
  reset(): Promise<void>;
}

const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0');
const PARTY_BALANCE = 10n ** 30n;

/**
 * Deploys the v1 system and every token a scenario can pick, funds the four parties (every token,
 * unlimited proxy allowances), takes the snapshot each scenario starts from and reads the model's
 * starting state from the chain.
 */
export async function deployDifferentialWorld(chain: TestChain): Promise<DifferentialWorld> {
  const system = await deploySystem(chain);
  const rpc = createRpc(chain.anvil.rpcUrl);
  const { send, at } = system;
  const parties = [makerAccount, takerAccount, feeRecipientAccount, otherAccount].map((account) => ({
    address: lower(account.address),
    account: account as LocalAccount,
  }));
  const deploy = async (artifact: Parameters<TestChain['deploy']>[0], args: readonly unknown[]) =>
    lower(await chain.deploy(artifact, args, deployerAddress));

  const tokens: TokenSpec[] = [];
  let dummy = 0;
  for (const entry of TOKEN_TABLE) {
    let address: Address;
    switch (entry.kind) {
      case 'zrx':
        address = lower(system.zrx.address);
        break;
      case 'weth':
        address = lower(system.weth.address);
        break;
      case 'dummy':
        address = lower((dummy++ === 0 ? system.tokenA : system.tokenB).address);
        break;
      case 'standard':
        address = await deploy(standardTokenArtifact, [0n]);
        break;
      case 'quirky':
        address = await deploy(quirkyTokenArtifact, [entry.mode]);
        break;
      case 'malicious':
        address = await deploy(maliciousTokenArtifact, [10n ** 30n]);
        break;
      case 'falseReturning':
        address = await deploy(falseReturningTokenArtifact, []);
        break;
      case 'codeless':
        address = lower(entry.address as string);
        break;
    }
    tokens.push({ ...entry, address });
  }

  // Fund every party in every token and approve the proxy without limit.
  const proxy = lower(system.proxy.address);
  const erc20 = (address: Address) => at(standardTokenArtifact, address);
  for (const token of tokens) {
    for (const { address: party } of parties) {
      switch (token.kind) {
        case 'dummy':
        case 'standard':
        case 'quirky':
          await send(
            erc20(token.address).write.setBalance([party, PARTY_BALANCE], { account: deployerAddress }),
          );
          break;
        case 'zrx':
          if ((await system.zrx.read.balanceOf([party])) === 0n) {
            await send(system.zrx.write.transfer([party, 10n ** 24n], { account: deployerAddress }));
          }
          break;
        case 'weth':
          await send(system.weth.write.deposit({ account: party, value: parseEther('1000') }));
          break;
        case 'malicious':
          await send(erc20(token.address).write.transfer([party, 10n ** 27n], { account: deployerAddress }));
          break;
        default:
          continue;
      }
      await send(erc20(token.address).write.approve([proxy, maxUint256], { account: party }));
    }
  }

  const rawBalanceOf = toFunctionSelector('rawBalanceOf(address)');
  const rawAllowance = toFunctionSelector('rawAllowance(address,address)');
  const holders = [...parties.map((p) => p.address), lower(deployerAddress)];
  const reads: StateRead[] = tokens
    .filter((t) => !['codeless', 'falseReturning'].includes(t.kind))
    .flatMap((token) =>
      holders.flatMap((holder): StateRead[] => {
        const quirky = token.kind === 'quirky';
        return [
          {
            to: token.address,
            data: `${quirky ? rawBalanceOf : '0x70a08231'}${word(holder)}`,
            key: { kind: 'balance', token: token.address, holder },
          },
          {
            to: token.address,
            data: `${quirky ? rawAllowance : '0xdd62ed3e'}${word(holder)}${word(proxy)}`,
            key: { kind: 'allowance', token: token.address, holder },
          },
        ];
      }),
    );

  const base = new ModelWorld(
    new Map(tokens.filter((t) => t.kind !== 'codeless').map((t) => [t.address, t])),
    lower(system.exchange.address),
    proxy,
    lower(system.zrx.address),
  );
  const values = (await rpc.batch(
    reads.map((r) => ({ method: 'eth_call', params: [{ to: r.to, data: r.data }, 'latest'] })),
  )) as Hex[];
  reads.forEach((read, i) => {
    const value = BigInt(values[i] as Hex);
    if (read.key.kind === 'balance') base.setBalance(read.key.token, read.key.holder, value);
    else base.setAllowance(read.key.token, read.key.holder, proxy, value);
  });
  for (const token of tokens.filter((t) => t.kind === 'dummy' || t.kind === 'standard')) {
    base.supplies.set(
      token.address,
      BigInt(await rpc.call<Hex>('eth_call', [{ to: token.address, data: '0x18160ddd' }, 'latest'])),
    );
  }

  let snapshot = await rpc.call<Hex>('evm_snapshot', []);
  const latest = await rpc.call<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
  base.time = BigInt(latest.timestamp) + 1n;

  return {
    rpc,
    exchange: base.exchange,
    proxy,
    zrx: base.zrx,
    deployer: lower(deployerAddress),
    parties,
    tokens,
    reads,
    base,
    async reset() {
      await rpc.call('evm_revert', [snapshot]);
      snapshot = await rpc.call<Hex>('evm_snapshot', []);
      await rpc.call('evm_setAutomine', [false]);
    },
  };
}
