import { encodeFunctionData, type Hex } from 'viem';
import { standardTokenArtifact } from '../../src/generated/index.js';
import { exchangeArtifact } from '../../src/index.js';
import {
  type BatchArgs,
  batchCancelOrders,
  batchFillOrders,
  batchFillOrKillOrders,
  cancelOrder,
  fillOrder,
  fillOrdersUpTo,
  fillOrKillOrder,
} from '../model/exchangeModel.js';
import type { ModelOrder } from '../model/ModelOrder.js';
import { type Address, MAX_UINT256, type ModelWorld, NULL_ADDRESS } from '../model/ModelWorld.js';
import { approve, deposit, setBalance, transfer, withdraw } from '../model/tokenModel.js';
import type { DifferentialWorld } from './deployDifferentialWorld.js';
import type { AmountSpec, Op, Skew } from './scenarioArbitrary.js';

/** One operation, resolved: the transaction to send, and what the model does with it. */
export interface Step {
  label: string;
  /** Absent for a time jump. */
  tx?: { from: Address; to: Address; data: Hex; value?: bigint };
  /** Seconds added to the next block's timestamp. */
  timeJump?: number;
  /** What the call returns: a uint256 (fillOrder, fillOrdersUpTo, cancelOrder), a bool, or nothing. */
  returns: 'uint256' | 'bool' | 'none';
  /** Applies the operation to the model and returns its result; throws Revert where the transaction must revert. */
  apply(world: ModelWorld): bigint | boolean | undefined;
}

const WETH_CAP = 10n ** 21n;
const SHORT_R: Hex = `0x${'11'.repeat(32)}`;

function resolveAmount(spec: AmountSpec, order: ModelOrder | undefined): bigint {
  if ('abs' in spec) return spec.abs;
  const base = order ? (order.takerTokenAmount * BigInt(spec.num)) / BigInt(spec.den) : 1n;
  const value = base + BigInt(spec.plus);
  return value < 0n ? 0n : value > MAX_UINT256 ? MAX_UINT256 : value;
}

const contractAddresses = (o: ModelOrder) =>
  [o.maker, o.taker, o.makerToken, o.takerToken, o.feeRecipient] as const;
const contractValues = (o: ModelOrder) =>
  [
    o.makerTokenAmount,
    o.takerTokenAmount,
    o.makerFee,
    o.takerFee,
    o.expirationTimestampInSec,
    o.salt,
  ] as const;

function skewed(orders: ModelOrder[], amounts: bigint[], skew: Skew) {
  const v = orders.map((o) => o.v);
  const r = orders.map((o) => o.r);
  const s = orders.map((o) => o.s);
  if (skew === 'shortAmounts') amounts.pop();
  if (skew === 'shortV') v.pop();
  if (skew === 'longR') r.push(SHORT_R);
  const batch: BatchArgs = { orders, amounts, signatureLengths: [v.length, r.length, s.length] };
  return { batch, v, r, s };
}

/** An order's address and value arrays, as the Exchange takes them. */
const arrays = (order: ModelOrder) => [contractAddresses(order), contractValues(order)] as const;
/** A batch's address and value arrays. */
const batchArrays = (orders: ModelOrder[]) =>
  [orders.map(contractAddresses), orders.map(contractValues)] as const;
const vrs = (order: ModelOrder) => [order.v, order.r, order.s] as const;

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

/** Resolves `op` against the scenario's orders and the model's current state. */
export function toStep(op: Op, dw: DifferentialWorld, orders: ModelOrder[], model: ModelWorld): Step {
  /** A call of the Exchange sent by `from`. */
  const exchangeTx = (from: Address, functionName: string, args: readonly unknown[]) => ({
    from,
    to: dw.exchange,
    data: encodeFunctionData({ abi: exchangeArtifact.abi, functionName, args } as never),
  });
  const party = (index: number) => pick(dw.parties, index).address;
  switch (op.type) {
    case 'fill': {
      const order = pick(orders, op.order);
      const amount = resolveAmount(op.amount, order);
      const sender = party(op.sender);
      return {
        label: `fillOrder(order ${op.order % orders.length}, ${amount}, shouldThrow ${op.shouldThrow}) by party ${op.sender}`,
        tx: exchangeTx(sender, 'fillOrder', [...arrays(order), amount, op.shouldThrow, ...vrs(order)]),
        returns: 'uint256',
        apply: (w) => fillOrder(w, order, amount, op.shouldThrow, sender),
      };
    }
    case 'fillOrKill': {
      const order = pick(orders, op.order);
      const amount = resolveAmount(op.amount, order);
      const sender = party(op.sender);
      return {
        label: `fillOrKillOrder(order ${op.order % orders.length}, ${amount}) by party ${op.sender}`,
        tx: exchangeTx(sender, 'fillOrKillOrder', [...arrays(order), amount, ...vrs(order)]),
        returns: 'none',
        apply: (w) => {
          fillOrKillOrder(w, order, amount, sender);
          return undefined;
        },
      };
    }
    case 'batchFill':
    case 'batchFillOrKill': {
      const picked = op.orders.map((i) => pick(orders, i));
      const { batch, v, r, s } = skewed(
        picked,
        picked.map((o, i) => resolveAmount(op.amounts[i] as AmountSpec, o)),
        op.skew,
      );
      const sender = party(op.sender);
      const [addresses, values] = batchArrays(picked);
      const fillOrKill = op.type === 'batchFillOrKill';
      const shouldThrow = op.type === 'batchFill' ? op.shouldThrow : false;
      return {
        label: `${fillOrKill ? 'batchFillOrKillOrders' : `batchFillOrders(shouldThrow ${shouldThrow})`}(orders ${op.orders.map((i) => i % orders.length)}, [${batch.amounts}], skew ${op.skew}) by party ${op.sender}`,
        tx: fillOrKill
          ? exchangeTx(sender, 'batchFillOrKillOrders', [addresses, values, batch.amounts, v, r, s])
          : exchangeTx(sender, 'batchFillOrders', [addresses, values, batch.amounts, shouldThrow, v, r, s]),
        returns: 'none',
        apply: (w) => {
          if (fillOrKill) batchFillOrKillOrders(w, batch, sender);
          else batchFillOrders(w, batch, shouldThrow, sender);
          return undefined;
        },
      };
    }
    case 'fillUpTo': {
      const picked = op.orders.map((i) => pick(orders, i));
      const amount = resolveAmount(op.amount, picked[0]);
      const { batch, v, r, s } = skewed(picked, [], op.skew === 'shortAmounts' ? 'none' : op.skew);
      const sender = party(op.sender);
      return {
        label: `fillOrdersUpTo(orders ${op.orders.map((i) => i % orders.length)}, ${amount}, shouldThrow ${op.shouldThrow}, skew ${op.skew}) by party ${op.sender}`,
        tx: exchangeTx(sender, 'fillOrdersUpTo', [...batchArrays(picked), amount, op.shouldThrow, v, r, s]),
        returns: 'uint256',
        apply: (w) => fillOrdersUpTo(w, batch, amount, op.shouldThrow, sender),
      };
    }
    case 'cancel': {
      const order = pick(orders, op.order);
      const amount = resolveAmount(op.amount, order);
      // Nobody sends for the null address: its orders' "maker" cancels from party 0 (and is refused).
      const sender =
        op.sender < 0 && order.maker !== NULL_ADDRESS ? order.maker : party(Math.max(op.sender, 0));
      return {
        label: `cancelOrder(order ${op.order % orders.length}, ${amount}) by ${op.sender < 0 ? 'its maker' : `party ${op.sender}`}`,
        tx: exchangeTx(sender, 'cancelOrder', [...arrays(order), amount]),
        returns: 'uint256',
        apply: (w) => cancelOrder(w, order, amount, sender),
      };
    }
    case 'batchCancel': {
      const picked = op.orders.map((i) => pick(orders, i));
      const amounts = picked.map((o, i) => resolveAmount(op.amounts[i] as AmountSpec, o));
      if (op.skew === 'shortAmounts') amounts.pop();
      const first = picked[0];
      const sender =
        op.sender < 0 && first && first.maker !== NULL_ADDRESS ? first.maker : party(Math.max(op.sender, 0));
      return {
        label: `batchCancelOrders(orders ${op.orders.map((i) => i % orders.length)}, [${amounts}]) by ${op.sender < 0 ? 'the first maker' : `party ${op.sender}`}`,
        tx: exchangeTx(sender, 'batchCancelOrders', [
          picked.map(contractAddresses),
          picked.map(contractValues),
          amounts,
        ]),
        returns: 'none',
        apply: (w) => {
          batchCancelOrders(w, { orders: picked, amounts }, sender);
          return undefined;
        },
      };
    }
    case 'setBalance':
      return fundingStep(op.token, party(op.holder), op.amount, dw, model);
    case 'approve': {
      const token = pick(dw.tokens, op.token);
      const holder = party(op.holder);
      return {
        label: `${token.name}.approve(proxy, ${op.amount}) by party ${op.holder}`,
        tx: {
          from: holder,
          to: token.address,
          data: encodeFunctionData({
            abi: standardTokenArtifact.abi,
            functionName: 'approve',
            args: [dw.proxy, op.amount],
          }),
        },
        returns: 'bool',
        apply: (w) => {
          approve(w, token.address, holder, dw.proxy, op.amount);
          return true;
        },
      };
    }
    case 'timeJump':
      return {
        label: `time + ${op.seconds} s`,
        timeJump: op.seconds,
        returns: 'none',
        apply: () => undefined,
      };
  }
}

/** Moves `holder`'s balance to `amount` the way the token allows: setBalance, transfers, or WETH. */
function fundingStep(
  tokenIndex: number,
  holder: Address,
  amount: bigint,
  dw: DifferentialWorld,
  model: ModelWorld,
): Step {
  const token = pick(dw.tokens, tokenIndex);
  const label = `${token.name}: balance of ${holder} to ${amount}`;
  const current = model.balance(token.address, holder);
  const erc20 = (functionName: 'transfer' | 'setBalance', args: readonly unknown[]) =>
    encodeFunctionData({ abi: standardTokenArtifact.abi, functionName, args } as never);
  const none = (_effect?: unknown) => undefined;
  switch (token.kind) {
    case 'dummy':
    case 'standard':
    case 'quirky':
      return {
        label,
        tx: { from: dw.deployer, to: token.address, data: erc20('setBalance', [holder, amount]) },
        returns: 'none',
        apply: (w) => none(setBalance(w, token.address, holder, amount)),
      };
    case 'zrx':
    case 'malicious': {
      // The deployer is the bank: it pays the difference or receives it.
      const [from, to, value] =
        amount >= current ? [dw.deployer, holder, amount - current] : [holder, dw.deployer, current - amount];
      return {
        label,
        tx: { from, to: token.address, data: erc20('transfer', [to, value]) },
        returns: 'bool',
        apply: (w) => transfer(w, { token: token.address, from, to, value }),
      };
    }
    case 'weth': {
      const target = amount % WETH_CAP;
      if (target >= current) {
        return {
          label: `WETH9.deposit(${target - current}) by ${holder}`,
          tx: { from: holder, to: token.address, data: '0xd0e30db0', value: target - current },
          returns: 'none',
          apply: (w) => none(deposit(w, token.address, holder, target - current)),
        };
      }
      return {
        label: `WETH9.withdraw(${current - target}) by ${holder}`,
        tx: {
          from: holder,
          to: token.address,
          data: `0x2e1a7d4d${(current - target).toString(16).padStart(64, '0')}`,
        },
        returns: 'none',
        apply: (w) => none(withdraw(w, token.address, holder, current - target)),
      };
    }
    default:
      return { label: `${label} (no balances: nothing to do)`, returns: 'none', apply: none };
  }
}
