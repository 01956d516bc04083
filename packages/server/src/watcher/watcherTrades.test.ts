import { exchangeArtifact } from '@relayer/contracts';
import { createSignedOrder } from '@relayer/devchain';
import { getPartialAmount, orderToContractArgs, type SignedOrder, type TradeRecord } from '@relayer/protocol';
import { decodeEventLog, type Hex, type TransactionReceipt } from 'viem';
import { describe, expect, test } from 'vitest';
import { fastWatcher, waitFor } from '../../test/helpers/watcherHarness.js';
import { E18, MAKER, TAKER, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import type { Queryable } from '../db/Database.js';
import type { TradeEvent } from '../events/BookEvents.js';
import { rowToTradeRecord, TRADE_COLUMNS, type TradeRow } from '../trades/rowToTradeRecord.js';

const kit = useWatcherTestKit();
const { h, account, makeOrder, startWatcher, fill } = kit;
const FEE_RECIPIENT = 9;

/** Trades of the network as stored, newest first. */
async function storedTrades(orderHash?: string): Promise<TradeRecord[]> {
  const rows = await h.db.query<TradeRow>(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE network = 'main' AND ($1::text IS NULL OR order_hash = $1)
      ORDER BY block_number DESC, log_index DESC`,
    [orderHash ?? null],
  );
  return rows.map(rowToTradeRecord);
}

const tradeEvents = (type: TradeEvent['type']) =>
  h.seen.filter((e): e is TradeEvent => e.type === type).map((e) => e.trade);

/** The LogFills of a receipt as the trades they must become (what the chain says, read independently). */
async function expectedTrades(
  receipt: TransactionReceipt,
  order: SignedOrder,
  hash: Hex,
): Promise<TradeRecord[]> {
  const block = await h.client.getBlock({ blockNumber: receipt.blockNumber });
  return receipt.logs
    .filter((log) => log.address.toLowerCase() === h.chain.deployment.exchange.toLowerCase())
    .map((log) => ({ log, event: decodeEventLog({ abi: exchangeArtifact.abi, ...log }) }))
    .filter(({ event }) => event.eventName === 'LogFill' && event.args.orderHash.toLowerCase() === hash)
    .map(({ log, event }) => {
      const args = event.args as Extract<typeof event, { eventName: 'LogFill' }>['args'];
      return {
        transactionHash: receipt.transactionHash,
        blockNumber: Number(receipt.blockNumber),
        blockHash: receipt.blockHash,
        logIndex: Number(log.logIndex),
        timestamp: Number(block.timestamp),
        orderHash: hash,
        maker: order.maker,
        taker: account(TAKER).address.toLowerCase() as Hex,
        feeRecipient: order.feeRecipient,
        makerTokenAddress: order.makerTokenAddress,
        takerTokenAddress: order.takerTokenAddress,
        filledMakerTokenAmount: args.filledMakerTokenAmount.toString(),
        filledTakerTokenAmount: args.filledTakerTokenAmount.toString(),
        paidMakerFee: args.paidMakerFee.toString(),
        paidTakerFee: args.paidTakerFee.toString(),
      };
    });
}

/** 10 REP for 2 WETH, paying fees to account 9: maker 1 ZRX + 1 unit, taker 3 ZRX (odd sizes show flooring). */
const feeOrder = () =>
  createSignedOrder({
    deployment: h.chain.deployment,
    makerPrivateKey: account(MAKER).privateKey,
    makerToken: h.token('REP'),
    takerToken: h.chain.deployment.weth,
    makerAmount: 10n * E18,
    takerAmount: 2n * E18,
    feeRecipient: account(FEE_RECIPIENT).address,
    makerFee: E18 + 1n,
    takerFee: 3n * E18,
  });

describe('chain watcher: trades', () => {
  test('records each fill of a fee-charging order sent straight to the Exchange, with exact amounts and fees', async () => {
    const order = await feeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher();
    const zrx = h.chain.deployment.zrx;
    const feesBefore = await h.balanceOf(zrx, account(FEE_RECIPIENT).address);
    const first = await fill(order, E18 / 3n);
    const second = await fill(order, E18);
    await waitFor(async () => (await storedTrades(hash)).length === 2, 10_000, 'two trades');

    const expected = [
      ...(await expectedTrades(second, order, hash as Hex)),
      ...(await expectedTrades(first, order, hash as Hex)),
    ];
    expect(await storedTrades(hash)).toEqual(expected);
    // The contract's floor rounding, computed independently of the log.
    const T = 2n * E18;
    expect(expected.map((t) => t.filledTakerTokenAmount)).toEqual([E18.toString(), (E18 / 3n).toString()]);
    expect(expected[1]).toMatchObject({
      filledMakerTokenAmount: getPartialAmount(E18 / 3n, T, 10n * E18).toString(),
      paidMakerFee: getPartialAmount(E18 / 3n, T, E18 + 1n).toString(),
      paidTakerFee: getPartialAmount(E18 / 3n, T, 3n * E18).toString(),
      feeRecipient: account(FEE_RECIPIENT).address.toLowerCase(),
    });
    // What the trades say was paid is what the fee recipient received.
    const paid = expected.reduce((sum, t) => sum + BigInt(t.paidMakerFee) + BigInt(t.paidTakerFee), 0n);
    expect(await h.balanceOf(zrx, account(FEE_RECIPIENT).address)).toBe(feesBefore + paid);
    expect(tradeEvents('tradeAdded')).toEqual([...expected].reverse());
  });

  test('records fills of a stored order in any state, and nothing for orders the relayer does not store', async () => {
    const stored = await makeOrder();
    const hash = await h.storeOrder(stored);
    // Expired by the relayer's margin, say, but still fillable on chain.
    await h.db.query(`UPDATE orders SET state = 'expired' WHERE hash = $1`, [hash]);
    const unknown = await makeOrder();
    await startWatcher();
    await fill(unknown, E18);
    const receipt = await fill(stored, E18);
    await waitFor(async () => (await storedTrades()).length > 0, 10_000, 'the trade');
    await h.rpc('anvil_mine', ['0x2']);
    const head = Number(await h.client.getBlockNumber({ cacheTime: 0 }));
    await waitFor(() => kit.running[0]?.status().processedBlock === head);
    expect(await storedTrades()).toEqual(await expectedTrades(receipt, stored, hash as Hex));
  });

  test('two fills in one transaction are two trades, each with its own log index', async () => {
    const a = await makeOrder();
    const b = await makeOrder({ makerAmount: 5n * E18 });
    const [hashA, hashB] = [await h.storeOrder(a), await h.storeOrder(b)];
    await startWatcher();
    const args = [a, b].map((o) => orderToContractArgs(o));
    const receipt = await h.send(TAKER, {
      address: h.chain.deployment.exchange,
      abi: exchangeArtifact.abi,
      functionName: 'batchFillOrders',
      args: [
        args.map((x) => x.orderAddresses),
        args.map((x) => x.orderValues),
        [E18, E18 / 2n],
        false,
        [a.ecSignature.v, b.ecSignature.v],
        [a.ecSignature.r, b.ecSignature.r],
        [a.ecSignature.s, b.ecSignature.s],
      ],
    });
    await waitFor(async () => (await storedTrades()).length === 2, 10_000, 'two trades');
    const trades = await storedTrades();
    expect(trades).toEqual([
      ...(await expectedTrades(receipt, b, hashB as Hex)),
      ...(await expectedTrades(receipt, a, hashA as Hex)),
    ]);
    expect(new Set(trades.map((t) => t.transactionHash)).size).toBe(1);
    expect(trades[0]?.logIndex).toBeGreaterThan(trades[1]?.logIndex ?? Number.POSITIVE_INFINITY);
  });

  test('a re-org removes the orphaned trade, and the fill landing again on the new chain is recorded again', async () => {
    const order = await makeOrder();
    const hash = (await h.storeOrder(order, Date.now() - 3_600_000)) as Hex;
    const watcher = await startWatcher();
    const beforeFill = (await h.rpc('evm_snapshot')) as Hex;
    const orphaned = await fill(order, E18);
    await waitFor(async () => (await storedTrades(hash)).length === 1, 10_000, 'the trade');
    const [recorded] = await storedTrades(hash);
    expect(recorded).toEqual((await expectedTrades(orphaned, order, hash))[0]);

    await h.rpc('evm_revert', [beforeFill]);
    await h.rpc('anvil_mine', ['0x2']);
    await waitFor(async () => (await storedTrades(hash)).length === 0, 10_000, 'the orphaned trade to go');
    expect(tradeEvents('tradeRemoved')).toEqual([recorded]);
    expect((await h.orderRow(hash))?.filled_taker).toBe('0');

    // The same fill again, now in a block of the new chain.
    const landed = await fill(order, E18);
    await waitFor(async () => (await storedTrades(hash)).length === 1, 10_000, 'the trade again');
    const [again] = await storedTrades(hash);
    expect(again).toEqual((await expectedTrades(landed, order, hash))[0]);
    expect(again?.blockHash).not.toBe(recorded?.blockHash);
    expect(tradeEvents('tradeAdded')).toEqual([recorded, again]);
    await waitFor(() => watcher.status().processedBlock === Number(landed.blockNumber));
  });

  test('a same-height re-org replaces the trade of the orphaned block', async () => {
    const order = await makeOrder();
    const hash = (await h.storeOrder(order, Date.now() - 3_600_000)) as Hex;
    await startWatcher();
    const beforeFill = (await h.rpc('evm_snapshot')) as Hex;
    await fill(order, E18);
    await waitFor(async () => (await storedTrades(hash)).length === 1, 10_000, 'the trade');
    await h.rpc('evm_revert', [beforeFill]);
    // A block at the same height without the fill, then the fill one block later.
    await h.rpc('anvil_mine', ['0x1']);
    await waitFor(async () => (await storedTrades(hash)).length === 0, 10_000, 'the orphaned trade to go');
    const landed = await fill(order, E18 / 2n);
    await waitFor(async () => (await storedTrades(hash)).length === 1, 10_000, 'the new trade');
    expect(await storedTrades(hash)).toEqual(await expectedTrades(landed, order, hash));
  });

  test('a re-org deeper than the remembered blocks removes the orphaned trades and keeps those still on chain', async () => {
    const kept = await makeOrder();
    const gone = await makeOrder({ makerAmount: 5n * E18 });
    const [keptHash, goneHash] = [(await h.storeOrder(kept)) as Hex, (await h.storeOrder(gone)) as Hex];
    const watcher = await startWatcher({ options: { ...fastWatcher, reorgDepth: 2 } });
    const stays = await fill(kept, E18);
    const beforeFill = (await h.rpc('evm_snapshot')) as Hex;
    const orphaned = await fill(gone, E18);
    await h.rpc('anvil_mine', ['0x3']);
    const oldHead = Number(orphaned.blockNumber) + 3;
    await waitFor(() => watcher.status().processedBlock === oldHead, 10_000, 'the old head');
    expect((await storedTrades()).map((tr) => tr.orderHash)).toEqual([goneHash, keptHash]);

    // A longer chain without the second fill: every remembered block (the last 2) is orphaned.
    await h.rpc('evm_revert', [beforeFill]);
    await h.rpc('anvil_mine', ['0x6']);
    await waitFor(
      async () => (await storedTrades(goneHash)).length === 0,
      10_000,
      'the orphaned trade to go',
    );
    expect(await storedTrades()).toEqual(await expectedTrades(stays, kept, keptHash));
    expect(tradeEvents('tradeRemoved').map((tr) => tr.orderHash)).toEqual([goneHash]);
  });

  test('a crash between writing the trades and the cursor loses no trade and doubles none', async () => {
    const order = await feeOrder();
    const hash = (await h.storeOrder(order)) as Hex;
    await (await startWatcher()).stop();
    const receipt = await fill(order, E18 / 4n);
    const cursor = () =>
      h.db.query<{ block_number: string }>("SELECT block_number FROM watcher_state WHERE network = 'main'");
    const before = await cursor();

    // The process dies at the cursor's write, after the block's trades were written in the same
    // transaction: that transaction never commits, as with a kill before its COMMIT (every retry of
    // this watcher dies there too, until it is stopped).
    let killed = false;
    const dying = (tx: Queryable): Queryable => {
      let wroteTrades = false;
      return {
        query(sql, params) {
          if (sql.includes('INSERT INTO trades')) wroteTrades = true;
          if (wroteTrades && sql.includes('INSERT INTO watcher_state')) {
            killed = true;
            return Promise.reject(new Error('killed between the trades and the cursor'));
          }
          return tx.query(sql, params);
        },
      };
    };
    const db = new Proxy(h.db, {
      get(target, property) {
        if (property === 'transaction') {
          return <T>(fn: (tx: Queryable) => Promise<T>) => target.transaction((tx) => fn(dying(tx)));
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const crashed = h.watch({ db });
    kit.running.push(crashed);
    crashed.start();
    await waitFor(() => killed, 10_000, 'the crash');
    await crashed.stop();
    expect(await storedTrades(hash)).toEqual([]);
    expect(await cursor()).toEqual(before);

    const restarted = await startWatcher();
    const head = Number(await h.client.getBlockNumber({ cacheTime: 0 }));
    await waitFor(() => restarted.status().processedBlock === head, 10_000, 'the restart to catch up');
    expect(await storedTrades(hash)).toEqual(await expectedTrades(receipt, order, hash));
  });

  test('fills made while the relayer was down are recorded when it catches up, stamped with their blocks', async () => {
    const order = await feeOrder();
    const hash = (await h.storeOrder(order)) as Hex;
    const first = await startWatcher();
    await first.stop();
    const receipts = [await fill(order, E18 / 4n)];
    // Twelve blocks a minute apart: each trade must carry its own block's time.
    await h.rpc('anvil_mine', ['0xc', '0x3c']);
    receipts.push(await fill(order, E18 / 2n));
    await h.rpc('anvil_mine', ['0xc', '0x3c']);
    // Ranges of 8 remembering 3 blocks: the fills' headers are outside what the ranges keep.
    const second = await startWatcher({ options: { ...fastWatcher, maxBlockRange: 8, reorgDepth: 3 } });
    const head = Number(await h.client.getBlockNumber({ cacheTime: 0 }));
    await waitFor(() => second.status().processedBlock === head, 10_000, 'the catch-up');
    const expected = [
      ...(await expectedTrades(receipts[1] as TransactionReceipt, order, hash)),
      ...(await expectedTrades(receipts[0] as TransactionReceipt, order, hash)),
    ];
    expect(await storedTrades(hash)).toEqual(expected);
    expect(expected[0]?.timestamp).toBeGreaterThanOrEqual((expected[1]?.timestamp ?? 0) + 12 * 60);
  });

  test('with confirmations, a trade is recorded once its block is confirmed', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    const watcher = await startWatcher({ options: { ...fastWatcher, confirmations: 2 } });
    const receipt = await fill(order, E18);
    const filledAt = Number(receipt.blockNumber);
    await waitFor(() => watcher.status().processedBlock === filledAt - 2);
    expect(await storedTrades(hash)).toEqual([]);
    await h.rpc('anvil_mine', ['0x1']);
    await waitFor(() => watcher.status().processedBlock === filledAt - 1);
    expect(await storedTrades(hash)).toEqual([]);
    await h.rpc('anvil_mine', ['0x1']);
    await waitFor(async () => (await storedTrades(hash)).length === 1, 10_000, 'the confirmed trade');
    expect(watcher.status().processedBlock).toBe(filledAt);
  });
});
