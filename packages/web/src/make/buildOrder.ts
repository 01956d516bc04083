import { type Address, type FeesRequest, NULL_ADDRESS, type Order } from '@relayer/protocol';
import { wireAmount } from '../format/amounts';
import type { MakeOrderInput } from './validateMakeOrder';

export interface OrderParties {
  maker: Address;
  exchangeContractAddress: Address;
  salt: bigint;
}

export interface OrderFees {
  feeRecipient: Address;
  makerFee: string;
  takerFee: string;
}

/** SPEC §4: no fees and no fee recipient unless the relayer's fee policy asks for them. */
export const NO_FEES: OrderFees = { feeRecipient: NULL_ADDRESS, makerFee: '0', takerFee: '0' };

/** The order's terms that fees do not change: open to any taker, in wire form (PROTOCOL.md §9.2). */
function orderTerms(
  input: MakeOrderInput,
  parties: OrderParties,
): Omit<Order, 'feeRecipient' | 'makerFee' | 'takerFee'> {
  return {
    exchangeContractAddress: parties.exchangeContractAddress,
    maker: parties.maker,
    taker: NULL_ADDRESS,
    makerTokenAddress: input.makerTokenAddress,
    takerTokenAddress: input.takerTokenAddress,
    makerTokenAmount: wireAmount(input.makerTokenAmount),
    takerTokenAmount: wireAmount(input.takerTokenAmount),
    expirationUnixTimestampSec: input.expirationUnixTimestampSec.toString(),
    salt: parties.salt.toString(),
  };
}

/** `POST /v0/fees` body for the order being made: everything but the fee fields. */
export function toFeesRequest(input: MakeOrderInput, parties: OrderParties): FeesRequest {
  return orderTerms(input, parties);
}

/** The unsigned order, open to any taker, in its wire form (base-unit strings, lower-case addresses). */
export function buildOrder(input: MakeOrderInput, parties: OrderParties, fees: OrderFees = NO_FEES): Order {
  return {
    ...orderTerms(input, parties),
    feeRecipient: fees.feeRecipient,
    makerFee: fees.makerFee,
    takerFee: fees.takerFee,
  };
}
