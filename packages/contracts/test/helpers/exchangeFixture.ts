import {
  type Abi,
  type Address,
  encodeFunctionData,
  encodePacked,
  getContract,
  type Hash,
  type Hex,
  keccak256,
  type LocalAccount,
  parseEventLogs,
  type TransactionReceipt,
} from 'viem';
import { beforeAll } from 'vitest';
import type { StartAnvilOptions } from '../../src/anvil/index.js';
import { exchangeArtifact, falseReturningTokenArtifact, maliciousTokenArtifact } from '../../src/index.js';
import { type TestChain, useAnvil, useSnapshotPerTest } from './chain.js';
import {
  type EcSignature,
  hashOrder,
  makeOrder,
  type Order,
  orderAddresses,
  orderValues,
  signHash,
} from './orders.js';
import { deploySystem, maker, makerAccount, type System, taker } from './system.js';

export interface SignedOrder {
  order: Order;
  sig: EcSignature;
  hash: Hex;
}

export type FillArgs = readonly [
  ReturnType<typeof orderAddresses>,
  ReturnType<typeof orderValues>,
  bigint,
  boolean,
  number,
  Hex,
  Hex,
];

/**
 * A private anvil with the v1 system deployed once per file (deploySystem) and reverted to that state
 * after every test.
 */
export function useExchange(anvilOptions: StartAnvilOptions = {}) {
  const chain = useAnvil(anvilOptions);
  let deployed: System | undefined;
  beforeAll(async () => {
    deployed = await deploySystem(chain.get());
  });
  useSnapshotPerTest(chain);
  let salt = 1n;

  const system = (): System => {
    if (!deployed) throw new Error('system not deployed yet');
    return deployed;
  };

  /** An order of tokenA (maker) for tokenB (taker): 1 A for 2 B, no fees, far expiry, fresh salt. */
  const order = (fields: Partial<Order> = {}): Order =>
    makeOrder({
      maker,
      makerToken: system().tokenA.address,
      takerToken: system().tokenB.address,
      salt: salt++,
      ...fields,
    });

  const signed = async (
    fields: Partial<Order> = {},
    signer: LocalAccount = makerAccount,
  ): Promise<SignedOrder> => {
    const o = order(fields);
    const hash = hashOrder(system().exchange.address, o);
    return { order: o, sig: await signHash(signer, hash), hash };
  };

  const fillArgs = (s: SignedOrder, amount: bigint, shouldThrow = false): FillArgs => [
    orderAddresses(s.order),
    orderValues(s.order),
    amount,
    shouldThrow,
    s.sig.v,
    s.sig.r,
    s.sig.s,
  ];

  const c = (): TestChain => chain.get();

  /** Sends a transaction and returns its receipt, whatever its status. */
  const mined = async (hash: Promise<Hash>): Promise<TransactionReceipt> => c().receipt(await hash);

  /**
   * Sends a call with a fixed gas limit, so it is mined even if it reverts (no estimation), and
   * returns the receipt.
   */
  const forceSend = async (
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    from: Address,
  ): Promise<TransactionReceipt> => {
    const data = encodeFunctionData({ abi, functionName, args } as never);
    return mined(
      c().walletClient.sendTransaction({ account: from, to, data, gas: 3_000_000n, chain: c().chain }),
    );
  };

  /** `forceSend` of an Exchange function by the taker: mined even where it reverts. */
  const forceExchange = (functionName: string, args: readonly unknown[]) =>
    forceSend(system().exchange.address, exchangeArtifact.abi, functionName, args, taker);

  const fill = async (
    s: SignedOrder,
    amount: bigint,
    options: { shouldThrow?: boolean; from?: Address } = {},
  ) =>
    system().send(
      system().exchange.write.fillOrder([...fillArgs(s, amount, options.shouldThrow ?? false)], {
        account: options.from ?? taker,
      }),
    );

  const simulateFill = async (
    s: SignedOrder,
    amount: bigint,
    options: { shouldThrow?: boolean; from?: Address } = {},
  ): Promise<bigint> => {
    const { result } = await system().exchange.simulate.fillOrder(
      [...fillArgs(s, amount, options.shouldThrow)],
      {
        account: options.from ?? taker,
      },
    );
    return result;
  };

  /** The Exchange's events in a receipt, decoded with the generated ABI. */
  const exchangeLogs = (receipt: TransactionReceipt) =>
    parseEventLogs({ abi: exchangeArtifact.abi, logs: receipt.logs }).filter(
      (log) => log.address.toLowerCase() === system().exchange.address.toLowerCase(),
    );

  const balanceOf = (
    token: { read: { balanceOf: (args: readonly [Address]) => Promise<bigint> } },
    who: Address,
  ) => token.read.balanceOf([who]);

  const tokensHash = (makerToken: Address, takerToken: Address): Hex =>
    keccak256(encodePacked(['address', 'address'], [makerToken, takerToken]));

  const encodeFill = (s: SignedOrder, amount: bigint, shouldThrow = false): Hex =>
    encodeFunctionData({
      abi: exchangeArtifact.abi,
      functionName: 'fillOrder',
      args: fillArgs(s, amount, shouldThrow),
    });

  /** A MaliciousToken whose whole supply belongs to the maker. */
  const deployMalicious = async () => {
    const address = await c().deploy(maliciousTokenArtifact, [10n ** 30n], maker);
    return getContract({
      abi: maliciousTokenArtifact.abi,
      address,
      client: { public: c().publicClient, wallet: c().walletClient },
    });
  };

  const deployFalseReturning = async (): Promise<Address> =>
    c().deploy(falseReturningTokenArtifact, [], maker);

  /**
   * The balanceOf/allowance calls a simulated fill makes from the Exchange (debug_traceCall), with
   * their call type and the gas handed to each.
   */
  const probeFrames = async (s: SignedOrder, amount: bigint): Promise<{ type: string; gas: bigint }[]> => {
    interface Frame {
      type: string;
      to: string;
      gas: Hex;
      input: Hex;
      calls?: Frame[];
    }
    const trace = (await c().publicClient.request({
      method: 'debug_traceCall',
      params: [
        { from: taker, to: system().exchange.address, data: encodeFill(s, amount) },
        'latest',
        { tracer: 'callTracer' },
      ],
    } as never)) as Frame;
    const probes = (trace.calls ?? []).filter(
      (f) => f.input.startsWith('0x70a08231') || f.input.startsWith('0xdd62ed3e'),
    );
    return probes.map((f) => ({ type: f.type, gas: BigInt(f.gas) }));
  };

  /** Gas handed to each balanceOf/allowance probe of a simulated fill. */
  const probeGasLimits = async (s: SignedOrder, amount: bigint): Promise<bigint[]> =>
    (await probeFrames(s, amount)).map((f) => f.gas);

  return {
    chain: c,
    system,
    order,
    signed,
    fillArgs,
    fill,
    simulateFill,
    exchangeLogs,
    forceSend,
    forceExchange,
    mined,
    balanceOf,
    tokensHash,
    encodeFill,
    deployMalicious,
    deployFalseReturning,
    probeFrames,
    probeGasLimits,
  };
}
