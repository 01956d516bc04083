import { exchangeArtifact } from '@relayer/contracts';
import { connectWallet, createSignedOrder, type DevChain, type WalletConnection } from '@relayer/devchain';
import { hashOrder, orderToContractArgs, type SignedOrder } from '@relayer/protocol';
import { privateKeyToAccount } from 'viem/accounts';

export interface TrafficCounts {
  /** Orders a relayer took. */
  posted: number;
  /** Posts no instance answered (the one asked was restarting): tried again on another. */
  unanswered: number;
  fills: number;
  cancels: number;
}

export interface UpgradeTraffic {
  /** What was done so far (a copy). */
  counts(): TrafficCounts;
  /** Waits until no post or transaction is in flight and starts none until `resume`. */
  pause(): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
}

export interface UpgradeTrafficOptions {
  chain: DevChain;
  /** The instances taking orders now (those not being replaced). */
  targets: () => readonly string[];
  /** A seeded source of numbers in [0, 1). */
  random: () => number;
  /** Between two actions of each loop. */
  intervalMs?: number;
}

const E18 = 10n ** 18n;
const E15 = 10n ** 15n;
const WEEK_SEC = 7 * 24 * 3600;

/**
 * What a live relayer sees during an upgrade: a writer posting ZRX/WETH orders of two makers to the
 * instances in turn, and on the chain a taker filling some of them partly or wholly while their makers
 * cancel others. Two loops, each one action at a time; a refused post fails the run (every order it
 * signs is valid), a post that found its instance gone goes to the next one.
 */
export async function startUpgradeTraffic(options: UpgradeTrafficOptions): Promise<UpgradeTraffic> {
  const { chain, random } = options;
  const intervalMs = options.intervalMs ?? 150;
  const token = (symbol: string) => {
    const found = chain.deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(`the deployment has no ${symbol} token`);
    return found.address;
  };
  const key = (index: number) => {
    const account = chain.accounts[index];
    if (!account) throw new Error(`no dev account ${index}`);
    return account.privateKey;
  };
  const wallet = (index: number) =>
    connectWallet(chain.rpcUrl, privateKeyToAccount(key(index)), { pollingInterval: 50 });
  const makers = [1, 2];
  const makerWallets = new Map<number, WalletConnection>();
  for (const maker of makers) makerWallets.set(maker, await wallet(maker));
  const taker = await wallet(3);

  const counts: TrafficCounts = { posted: 0, unanswered: 0, fills: 0, cancels: 0 };
  /** Orders taken and not yet wholly filled or cancelled by this traffic, with what is left of them. */
  const live: { order: SignedOrder; makerIndex: number; left: bigint }[] = [];
  let paused = false;
  let stopped = false;
  let failure: unknown;
  let next = 0;

  const post = async () => {
    const makerIndex = makers[Math.floor(random() * makers.length)] as number;
    const order = await createSignedOrder({
      deployment: chain.deployment,
      makerPrivateKey: key(makerIndex),
      makerToken: token('ZRX'),
      takerToken: token('WETH'),
      makerAmount: E18 * BigInt(1 + Math.floor(random() * 50)),
      takerAmount: E15 * BigInt(1 + Math.floor(random() * 50)),
      expiresInSec: WEEK_SEC,
    });
    for (let attempt = 0; attempt < 20; attempt++) {
      const targets = options.targets();
      const url = targets[next++ % Math.max(1, targets.length)];
      const response = url
        ? await fetch(`${url}/order/new`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(order),
            signal: AbortSignal.timeout(10_000),
          }).catch(() => undefined)
        : undefined;
      if (response === undefined || response.status === 503) {
        counts.unanswered += 1;
        await sleep(100);
        continue;
      }
      // 200: an earlier try was stored by an instance that stopped before it answered.
      if (response.status !== 201 && response.status !== 200)
        throw new Error(
          `${url} refused order ${hashOrder(order)}: ${response.status} ${await response.text()}`,
        );
      counts.posted += 1;
      live.push({ order, makerIndex, left: BigInt(order.takerTokenAmount) });
      return;
    }
    throw new Error('no instance took an order in 20 tries');
  };

  const act = async () => {
    if (live.length === 0) return;
    const index = Math.floor(random() * live.length);
    const target = live[index] as (typeof live)[number];
    const { orderAddresses, orderValues } = orderToContractArgs(target.order);
    const roll = random();
    let hash: `0x${string}`;
    let done: boolean;
    if (roll < 0.3) {
      const owner = makerWallets.get(target.makerIndex) as WalletConnection;
      hash = await owner.writeContract({
        address: chain.deployment.exchange,
        abi: exchangeArtifact.abi,
        functionName: 'cancelOrder',
        args: [orderAddresses, orderValues, target.left],
      });
      counts.cancels += 1;
      done = true;
    } else {
      const { v, r, s } = target.order.ecSignature;
      const amount = roll < 0.55 ? target.left : target.left / 2n;
      hash = await taker.writeContract({
        address: chain.deployment.exchange,
        abi: exchangeArtifact.abi,
        functionName: 'fillOrder',
        args: [orderAddresses, orderValues, amount, true, v, r, s],
      });
      counts.fills += 1;
      target.left -= amount;
      done = target.left === 0n;
    }
    const receipt = await taker.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    if (done) live.splice(index, 1);
  };

  let inFlight = 0;
  const loop = async (step: () => Promise<void>) => {
    while (!stopped) {
      if (!paused) {
        inFlight += 1;
        try {
          await step();
        } catch (error) {
          failure ??= error;
          stopped = true;
        } finally {
          inFlight -= 1;
        }
      }
      await sleep(intervalMs);
    }
  };
  const loops = Promise.all([loop(post), loop(act)]);
  const check = () => {
    if (failure) throw failure;
  };
  return {
    counts: () => {
      check();
      return { ...counts };
    },
    async pause() {
      paused = true;
      while (inFlight > 0) await sleep(20);
      check();
    },
    resume() {
      check();
      paused = false;
    },
    async stop() {
      stopped = true;
      await loops;
      check();
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
