import type { Address } from '../schemas/addressSchema';
import type { Order } from '../schemas/orderSchema';

export interface OrderContractArgs {
  /** `[maker, taker, makerToken, takerToken, feeRecipient]` */
  orderAddresses: readonly [Address, Address, Address, Address, Address];
  /** `[makerTokenAmount, takerTokenAmount, makerFee, takerFee, expirationTimestampInSec, salt]` */
  orderValues: readonly [bigint, bigint, bigint, bigint, bigint, bigint];
}

/**
 * The `address[5]`/`uint256[6]` pair every Exchange v1 function takes (PROTOCOL.md §4.2). The exchange
 * address is not part of it: the contract hashes with `address(this)`.
 */
export function orderToContractArgs(order: Order): OrderContractArgs {
  return {
    orderAddresses: [
      order.maker,
      order.taker,
      order.makerTokenAddress,
      order.takerTokenAddress,
      order.feeRecipient,
    ],
    orderValues: [
      BigInt(order.makerTokenAmount),
      BigInt(order.takerTokenAmount),
      BigInt(order.makerFee),
      BigInt(order.takerFee),
      BigInt(order.expirationUnixTimestampSec),
      BigInt(order.salt),
    ],
  };
}
