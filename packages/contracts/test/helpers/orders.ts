import type { Order as WireOrder } from '@relayer/protocol';
import {
  type Address,
  encodePacked,
  type Hex,
  keccak256,
  type LocalAccount,
  parseSignature,
  zeroAddress,
} from 'viem';

/** A v1 order, with the contract's field names. */
export interface Order {
  maker: Address;
  taker: Address;
  makerToken: Address;
  takerToken: Address;
  feeRecipient: Address;
  makerTokenAmount: bigint;
  takerTokenAmount: bigint;
  makerFee: bigint;
  takerFee: bigint;
  expirationTimestampInSec: bigint;
  salt: bigint;
}

export interface EcSignature {
  v: number;
  r: Hex;
  s: Hex;
}

/** An order in PROTOCOL.md's wire form (as `vectors` of @relayer/protocol hold them) with the contract's names. */
export function fromWireOrder(order: WireOrder): Order {
  return {
    maker: order.maker,
    taker: order.taker,
    makerToken: order.makerTokenAddress,
    takerToken: order.takerTokenAddress,
    feeRecipient: order.feeRecipient,
    makerTokenAmount: BigInt(order.makerTokenAmount),
    takerTokenAmount: BigInt(order.takerTokenAmount),
    makerFee: BigInt(order.makerFee),
    takerFee: BigInt(order.takerFee),
    expirationTimestampInSec: BigInt(order.expirationUnixTimestampSec),
    salt: BigInt(order.salt),
  };
}

/** A far-future expiry (2100-01-01). */
export const FAR_FUTURE = 4102444800n;

export function makeOrder(
  fields: Partial<Order> & Pick<Order, 'maker' | 'makerToken' | 'takerToken'>,
): Order {
  return {
    taker: zeroAddress,
    feeRecipient: zeroAddress,
    makerTokenAmount: 10n ** 18n,
    takerTokenAmount: 2n * 10n ** 18n,
    makerFee: 0n,
    takerFee: 0n,
    expirationTimestampInSec: FAR_FUTURE,
    salt: 1n,
    ...fields,
  };
}

export function orderAddresses(order: Order): readonly [Address, Address, Address, Address, Address] {
  return [order.maker, order.taker, order.makerToken, order.takerToken, order.feeRecipient];
}

export function orderValues(order: Order): readonly [bigint, bigint, bigint, bigint, bigint, bigint] {
  return [
    order.makerTokenAmount,
    order.takerTokenAmount,
    order.makerFee,
    order.takerFee,
    order.expirationTimestampInSec,
    order.salt,
  ];
}

/** The parallel arrays the Exchange's batch functions take, in the orders' order. */
export function batchArgs(orders: readonly { order: Order; sig: EcSignature }[]) {
  return {
    addresses: orders.map((o) => orderAddresses(o.order)),
    values: orders.map((o) => orderValues(o.order)),
    v: orders.map((o) => o.sig.v),
    r: orders.map((o) => o.sig.r),
    s: orders.map((o) => o.sig.s),
  };
}

/** PROTOCOL.md §2: keccak256 of the 312-byte tight packing, computed off chain for comparison. */
export function hashOrder(exchange: Address, order: Order): Hex {
  return keccak256(
    encodePacked(
      [
        'address',
        'address',
        'address',
        'address',
        'address',
        'address',
        'uint256',
        'uint256',
        'uint256',
        'uint256',
        'uint256',
        'uint256',
      ],
      [exchange, ...orderAddresses(order), ...orderValues(order)],
    ),
  );
}

/** personal_sign of the raw 32-byte hash (PROTOCOL.md §3), split into v (27/28), r, s. */
export async function signHash(signer: LocalAccount, hash: Hex): Promise<EcSignature> {
  const { r, s, v } = parseSignature(await signer.signMessage({ message: { raw: hash } }));
  return { v: Number(v), r, s };
}
