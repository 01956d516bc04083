import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  type TestClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type Transport,
  type WalletClient,
} from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type AnvilInstance, type StartAnvilOptions, startAnvil } from '../../src/anvil/index.js';

export interface Clients {
  chain: Chain;
  publicClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain>;
  testClient: TestClient<'anvil', Transport, Chain>;
}

function createClients(rpcUrl: string, chainId: number): Clients {
  const chain: Chain = defineChain({
    id: chainId,
    name: 'test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { batch: false });
  return {
    chain,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 5, cacheTime: 0 }),
    walletClient: createWalletClient({ chain, transport, pollingInterval: 5, cacheTime: 0 }),
    testClient: createTestClient({ chain, transport, mode: 'anvil', pollingInterval: 5, cacheTime: 0 }),
  };
}

export interface TestChain extends Clients {
  anvil: AnvilInstance;
  /** Waits for the receipt of a transaction (anvil mines on send, so this is one round trip). */
  receipt(hash: Hash): Promise<TransactionReceipt>;
  deploy(artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[], from: Address): Promise<Address>;
}

/** Starts a private anvil for the calling test file and stops it afterwards. */
export function useAnvil(options: StartAnvilOptions = {}): { get(): TestChain } {
  let current: TestChain | undefined;
  beforeAll(async () => {
    const anvil = await startAnvil({ port: 0, silent: true, ...options });
    const clients = createClients(anvil.rpcUrl, anvil.chainId);
    const receipt = async (hash: Hash): Promise<TransactionReceipt> => {
      // anvil mines on send, so the receipt is normally there at the first try.
      for (let attempt = 0; ; attempt++) {
        try {
          return await clients.publicClient.getTransactionReceipt({ hash });
        } catch (error) {
          if (!(error instanceof TransactionReceiptNotFoundError) || attempt > 1000) throw error;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    };
    const deploy = async (artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[], from: Address) => {
      const hash = await clients.walletClient.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args,
        account: from,
      } as never);
      const mined = await receipt(hash);
      if (!mined.contractAddress || mined.status !== 'success') throw new Error('deployment failed');
      return getAddress(mined.contractAddress);
    };
    current = { ...clients, anvil, receipt, deploy };
  }, 60_000);
  afterAll(async () => {
    await current?.anvil.stop();
  });
  return {
    get() {
      if (!current) throw new Error('anvil is not running (call inside a test or hook)');
      return current;
    },
  };
}

/** Every test starts from the state after beforeAll: evm_snapshot before, evm_revert after. */
export function useSnapshotPerTest(chain: { get(): TestChain }): void {
  let id: Hex | undefined;
  beforeEach(async () => {
    id = await chain.get().testClient.snapshot();
  });
  afterEach(async () => {
    if (id) await chain.get().testClient.revert({ id });
    id = undefined;
  });
}
