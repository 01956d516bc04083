import type { SignedOrder } from '@relayer/protocol';
import { erc20Abi, type TransactionReceipt } from 'viem';
import { describe, expect, test } from 'vitest';
import { startRefusingRpcProxy } from '../../test/helpers/startRefusingRpcProxy.js';
import { waitFor, watcherDeps } from '../../test/helpers/watcherHarness.js';
import { E18, MAKER, OUTSIDER, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import { acceptOrder } from '../orders/acceptOrder.js';
import { createOrderWriter, type OrderWriter } from '../orders/createOrderWriter.js';

const kit = useWatcherTestKit();
const { h, account, makeOrder, startWatcher, fill, cancel, acceptance, eventFor } = kit;

/** The app's own order writer, with each write held back until the test lets it through. */
function heldWriter() {
  const writer = createOrderWriter(h.db);
  let reached = () => {};
  let release = () => {};
  const atWrite = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: OrderWriter = {
    async write(row) {
      reached();
      await released;
      return writer.write(row);
    },
  };
  return { writer: held, atWrite, release };
}

const CHANGES: [string, (order: SignedOrder) => Promise<TransactionReceipt>][] = [
  ['filled', (order) => fill(order, 2n * E18)],
  ['cancelled', (order) => cancel(order, 2n * E18)],
  [
    'unfunded',
    async (order) => {
      const balance = await h.balanceOf(order.makerTokenAddress, account(MAKER).address);
      return h.send(MAKER, {
        address: order.makerTokenAddress,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account(OUTSIDER).address, balance],
      });
    },
  ],
];

describe('acceptance racing the chain watcher', () => {
  test.each(CHANGES)(
    'an order %s in the block after acceptance read it, applied before its row committed, leaves the book',
    async (state, change) => {
      const watcher = await startWatcher();
      const order = await makeOrder();
      const { writer, atWrite, release } = heldWriter();
      const accepting = acceptOrder(acceptance(writer), order);
      // Acceptance has read the chain at block N, judged the order open, and is about to INSERT it.
      await atWrite;
      const receipt = await change(order);
      const changedAt = Number(receipt.blockNumber);
      // The watcher applies block N+1 while the order is not in the database yet.
      await waitFor(() => (watcher.status().processedBlock ?? 0) >= changedAt, 10_000, 'block N+1 applied');
      release();
      const accepted = await accepting;
      expect(accepted.status).toBe('created');
      expect(accepted.order.state).toBe('open');
      const hash = accepted.order.orderHash;
      // Two ticks later (one with a new block) the order must be out of the book.
      await h.rpc('anvil_mine', ['0x1']);
      await waitFor(
        () => (watcher.status().processedBlock ?? 0) >= changedAt + 1,
        10_000,
        'block N+2 applied',
      );
      expect((await h.orderRow(hash))?.state).toBe(state);
      expect(eventFor(hash, 'removed')).toMatchObject({ state });
      // The fill the watcher could not see as a trade then is in the trade history now.
      const trades = await h.db.query(
        'SELECT block_number::text, filled_taker::text FROM trades WHERE order_hash = $1',
        [hash],
      );
      expect(trades).toEqual(
        state === 'filled' ? [{ block_number: String(changedAt), filled_taker: (2n * E18).toString() }] : [],
      );
    },
  );

  test('an order accepted at the block the watcher stands on is not read again', async () => {
    const proxy = await startRefusingRpcProxy(h.chain.rpcUrl);
    try {
      const { network, client, reader } = watcherDeps({ ...h.network, rpcUrl: proxy.url });
      const watcher = await startWatcher({ network, client, reader });
      const accepted = await acceptOrder(acceptance(), await makeOrder());
      const hash = accepted.order.orderHash;
      await h.rpc('anvil_mine', ['0x2']);
      const head = Number(await h.client.getBlockNumber({ cacheTime: 0 }));
      await waitFor(() => watcher.status().processedBlock === head);
      // The watcher had it in view of every block since: it never asked the Exchange about it.
      const aboutIt = proxy.calls.filter(
        (c) => c.method === 'eth_call' && JSON.stringify(c.params).includes(hash.slice(2)),
      );
      expect(aboutIt).toEqual([]);
      const [row] = await h.db.query<{ validated_block: string; state: string }>(
        'SELECT validated_block::text, state FROM orders WHERE hash = $1',
        [hash],
      );
      expect(row).toEqual({ validated_block: String(head), state: 'open' });
    } finally {
      await Promise.all(kit.running.splice(0).map((w) => w.stop()));
      await proxy.close();
    }
  });
});
