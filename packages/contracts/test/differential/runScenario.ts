import { decodeEventLog, type Hex, parseAbi, toHex } from 'viem';
import { exchangeArtifact } from '../../src/index.js';
import { modelOrderHash } from '../model/ModelOrder.js';
import { type ModelLog, type ModelWorld, Revert } from '../model/ModelWorld.js';
import type { DifferentialWorld } from './deployDifferentialWorld.js';
import { resolveOrders } from './resolveOrders.js';
import type { Scenario } from './scenarioArbitrary.js';
import { type Step, toStep } from './toStep.js';

/** Every event a scenario can produce, with one set of field names per signature. */
const EVENTS_ABI = [
  ...exchangeArtifact.abi.filter((item) => item.type === 'event'),
  ...parseAbi([
    'event Transfer(address indexed from, address indexed to, uint256 value)',
    'event Approval(address indexed owner, address indexed spender, uint256 value)',
    'event Deposit(address indexed owner, uint256 value)',
    'event Withdrawal(address indexed owner, uint256 value)',
    'event Probed(address indexed holder)',
  ]),
];
const GAS_LIMIT = toHex(8_000_000);

/** A difference between the chain and the model, with the (0-based) step it appeared at. */
export class Divergence extends Error {
  constructor(
    message: string,
    readonly step: number,
  ) {
    super(message);
  }
}

interface Receipt {
  status: Hex;
  blockNumber: Hex;
  logs: { address: Hex; topics: [Hex, ...Hex[]]; data: Hex }[];
}

const normalize = (value: unknown): unknown =>
  typeof value === 'string' ? value.toLowerCase() : typeof value === 'bigint' ? value.toString() : value;
/** One line per event, fields in name order, so the chain's and the model's compare as strings. */
const show = (logs: ModelLog[]) =>
  logs.length === 0
    ? '(none)'
    : logs
        .map((l) => {
          const fields = Object.keys(l.args)
            .sort()
            .map((k) => `${k}=${normalize(l.args[k])}`);
          return `\n  ${l.address} ${l.event}(${fields.join(', ')})`;
        })
        .join('');

/**
 * Runs one scenario from the snapshot on the chain and in the model, comparing after every step:
 * success or revert, the returned value, every event with its fields, every balance and proxy
 * allowance of every party, and the filled and cancelled amounts of every order. Returns the number
 * of steps run; throws Divergence at the first difference.
 */
export async function runScenario(
  dw: DifferentialWorld,
  scenario: Scenario,
  tally: (outcome: string) => void = () => {},
): Promise<number> {
  await dw.reset();
  const orders = await resolveOrders(dw, scenario.orders);
  const hashes = orders.map((o) => modelOrderHash(dw.exchange, o));
  const orderReads = hashes.flatMap((hash) => [
    { method: 'eth_call', params: [{ to: dw.exchange, data: `0x288cdc91${hash.slice(2)}` }, 'latest'] },
    { method: 'eth_call', params: [{ to: dw.exchange, data: `0x2ac12622${hash.slice(2)}` }, 'latest'] },
  ]);
  const stateReads = dw.reads.map((r) => ({
    method: 'eth_call',
    params: [{ to: r.to, data: r.data }, 'latest'],
  }));
  let world = dw.base.clone();
  const done: string[] = [];
  const fail = (step: Step, message: string): never => {
    throw new Divergence(
      [
        `step ${done.length + 1}: ${step.label}`,
        message,
        '',
        'steps before it:',
        ...done.map((d, i) => `  ${i + 1}. ${d}`),
      ].join('\n'),
      done.length,
    );
  };

  for (const op of scenario.ops) {
    const step = toStep(op, dw, orders, world);
    if (step.timeJump !== undefined) {
      world.time += BigInt(step.timeJump);
      done.push(step.label);
      continue;
    }
    if (!step.tx) {
      done.push(step.label);
      continue;
    }
    const next = world.clone();
    next.logs = [];
    let expected:
      | { reverted: true; reason: string }
      | { reverted: false; value: bigint | boolean | undefined; logs: ModelLog[] };
    try {
      expected = { reverted: false, value: step.apply(next), logs: next.logs };
    } catch (error) {
      if (!(error instanceof Revert)) throw error;
      expected = { reverted: true, reason: error.message };
    }

    const { tx } = step;
    const hash = await dw.rpc.call<Hex>('eth_sendTransaction', [
      {
        from: tx.from,
        to: tx.to,
        data: tx.data,
        gas: GAS_LIMIT,
        ...(tx.value ? { value: toHex(tx.value) } : {}),
      },
    ]);
    // One block per transaction, at the timestamp the model expects.
    await dw.rpc.call('evm_mine', [{ timestamp: Number(world.time), blocks: 1 }]);
    const [receipt, trace, block, ...values] = (await dw.rpc.batch([
      { method: 'eth_getTransactionReceipt', params: [hash] },
      {
        method: 'debug_traceTransaction',
        params: [hash, { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }],
      },
      { method: 'eth_getBlockByNumber', params: ['latest', false] },
      ...stateReads,
      ...orderReads,
    ])) as [Receipt, { output?: Hex }, { timestamp: Hex; number: Hex }, ...Hex[]];

    if (BigInt(block.timestamp) !== world.time || block.number !== receipt.blockNumber) {
      fail(step, `block timestamp ${BigInt(block.timestamp)}, the model expected ${world.time}`);
    }
    const reverted = receipt.status !== '0x1';
    if (reverted !== expected.reverted) {
      fail(
        step,
        expected.reverted
          ? `the model reverts (${expected.reason}); the chain succeeded with events ${show(decodeLogs(receipt))}`
          : `the chain reverted (${trace.output ?? 'no data'}); the model succeeds with value ${expected.value} and events ${show(expected.logs)}`,
      );
    }
    if (!expected.reverted) {
      const output = trace.output ?? '0x';
      const value =
        step.returns === 'uint256'
          ? BigInt(output)
          : step.returns === 'bool'
            ? BigInt(output) !== 0n
            : output === '0x'
              ? undefined
              : output;
      if (value !== expected.value) fail(step, `returned ${value}, the model ${expected.value}`);
      const actualLogs = show(decodeLogs(receipt));
      const expectedLogs = show(expected.logs);
      if (actualLogs !== expectedLogs)
        fail(step, `events differ\nchain: ${actualLogs}\nmodel: ${expectedLogs}`);
      world = next;
    }
    world.time += 1n;
    compareState(world, dw, hashes, values, (message) => fail(step, message));
    done.push(
      `${step.label} -> ${expected.reverted ? `reverts (${expected.reason})` : `ok${expected.value === undefined ? '' : ` ${expected.value}`}`}`,
    );
    tally(
      `${op.type}: ${expected.reverted ? `revert (${reasonClass(expected.reason)})` : outcomeOf(expected.logs)}`,
    );
  }
  return scenario.ops.length;
}

/** A revert reason without its details, for the summary. */
function reasonClass(reason: string): string {
  return reason
    .replace(/^0x[0-9a-f]{40} has no code$/, 'token without code')
    .replace(/^QuirkyToken\(\d\)/, 'QuirkyToken')
    .split(':')[0] as string;
}

/** The Exchange events of a step, for the summary: e.g. "LogFill + LogError(3)". */
function outcomeOf(logs: ModelLog[]): string {
  const names = logs
    .filter((l) => l.event.startsWith('Log'))
    .map((l) => (l.event === 'LogError' ? `LogError(${l.args.errorId})` : l.event));
  return names.length === 0 ? 'ok' : [...new Set(names)].sort().join(' + ');
}

function decodeLogs(receipt: Receipt): ModelLog[] {
  return receipt.logs.map((log) => {
    const decoded = decodeEventLog({ abi: EVENTS_ABI, data: log.data, topics: log.topics });
    return {
      address: log.address.toLowerCase() as ModelLog['address'],
      event: decoded.eventName,
      args: decoded.args as ModelLog['args'],
    };
  });
}

function compareState(
  world: ModelWorld,
  dw: DifferentialWorld,
  hashes: Hex[],
  values: Hex[],
  fail: (message: string) => void,
) {
  const differences: string[] = [];
  dw.reads.forEach((read, i) => {
    const actual = BigInt(values[i] as Hex);
    const { kind, token, holder } = read.key;
    const expected =
      kind === 'balance' ? world.balance(token, holder) : world.allowance(token, holder, dw.proxy);
    if (actual !== expected) {
      differences.push(
        `${kind} of ${holder} in ${world.token(token).name}: chain ${actual}, model ${expected}`,
      );
    }
  });
  hashes.forEach((hash, i) => {
    const filled = BigInt(values[dw.reads.length + 2 * i] as Hex);
    const cancelled = BigInt(values[dw.reads.length + 2 * i + 1] as Hex);
    if (filled !== (world.filled.get(hash) ?? 0n))
      differences.push(`filled[${hash}]: chain ${filled}, model ${world.filled.get(hash) ?? 0n}`);
    if (cancelled !== (world.cancelled.get(hash) ?? 0n)) {
      differences.push(`cancelled[${hash}]: chain ${cancelled}, model ${world.cancelled.get(hash) ?? 0n}`);
    }
  });
  if (differences.length > 0) fail(`state differs:\n${differences.join('\n')}`);
}
