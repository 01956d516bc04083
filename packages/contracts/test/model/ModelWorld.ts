import type { Hex } from 'viem';
import type { TokenSpec } from './TokenSpec.js';

/** A lower-case 0x address: the model's one spelling, so map keys and comparisons are plain strings. */
export type Address = `0x${string}`;

/** An event as the model predicts it: emitter, name and decoded fields (addresses lower case). */
export interface ModelLog {
  address: Address;
  event: string;
  args: Record<string, string | bigint | number>;
}

/** The transaction reverts: every state change and event of it is undone. */
export class Revert extends Error {}

export const MAX_UINT256 = (1n << 256n) - 1n;
export const NULL_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/**
 * The state the model of PROTOCOL.md §4 works on: token balances and proxy allowances, total supplies
 * where a token keeps one, the Exchange's filled and cancelled amounts, the next block's timestamp,
 * and the events of the transaction being run. Operations mutate a world; a revert throws `Revert`
 * and the caller goes on with the clone it took before.
 */
export class ModelWorld {
  time = 0n;
  readonly balances = new Map<string, bigint>();
  readonly allowances = new Map<string, bigint>();
  readonly supplies = new Map<Address, bigint>();
  readonly filled = new Map<Hex, bigint>();
  readonly cancelled = new Map<Hex, bigint>();
  logs: ModelLog[] = [];

  constructor(
    readonly tokens: ReadonlyMap<Address, TokenSpec>,
    readonly exchange: Address,
    readonly proxy: Address,
    readonly zrx: Address,
  ) {}

  clone(): ModelWorld {
    const copy = new ModelWorld(this.tokens, this.exchange, this.proxy, this.zrx);
    copy.time = this.time;
    for (const [k, v] of this.balances) copy.balances.set(k, v);
    for (const [k, v] of this.allowances) copy.allowances.set(k, v);
    for (const [k, v] of this.supplies) copy.supplies.set(k, v);
    for (const [k, v] of this.filled) copy.filled.set(k, v);
    for (const [k, v] of this.cancelled) copy.cancelled.set(k, v);
    copy.logs = [...this.logs];
    return copy;
  }

  token(address: Address): TokenSpec {
    return this.tokens.get(address) ?? { name: address, address, kind: 'codeless' };
  }

  balance(token: Address, holder: Address): bigint {
    return this.balances.get(`${token}|${holder}`) ?? 0n;
  }

  setBalance(token: Address, holder: Address, value: bigint): void {
    this.balances.set(`${token}|${holder}`, value);
  }

  allowance(token: Address, holder: Address, spender: Address): bigint {
    return this.allowances.get(`${token}|${holder}|${spender}`) ?? 0n;
  }

  setAllowance(token: Address, holder: Address, spender: Address, value: bigint): void {
    this.allowances.set(`${token}|${holder}|${spender}`, value);
  }

  emit(address: Address, event: string, args: ModelLog['args']): void {
    this.logs.push({ address, event, args });
  }
}

/** Lower-cases an address for the model. */
export function lower(address: string): Address {
  return address.toLowerCase() as Address;
}
