import { type Address, type FeesRequest, NULL_ADDRESS, type Order } from '@relayer/protocol';
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

/** `POST /v0/fees` body for the order being made: everything but the fee fields (PROTOCOL.md §9.2). */
export function toFeesRequest(input: MakeOrderInput, parties: OrderParties): FeesRequest {
  return {
    exchangeContractAddress: parties.exchangeContractAddress,
    maker: parties.maker,
    taker: NULL_ADDRESS,
    makerTokenAddress: input.makerTokenAddress,
    takerTokenAddress: input.takerTokenAddress,
    makerTokenAmount: input.makerTokenAmount.toString(),
    takerTokenAmount: input.takerTokenAmount.toString(),
    expirationUnixTimestampSec: input.expirationUnixTimestampSec.toString(),
    salt: parties.salt.toString(),
  };
}

/** The unsigned order, open to any taker, in its wire form (base-unit strings, lower-case addresses). */
export function buildOrder(input: MakeOrderInput, parties: OrderParties, fees: OrderFees = NO_FEES): Order {
  return {
    exchangeContractAddress: parties.exchangeContractAddress,
    maker: parties.maker,
    taker: NULL_ADDRESS,
    makerTokenAddress: input.makerTokenAddress,
    takerTokenAddress: input.takerTokenAddress,
    feeRecipient: fees.feeRecipient,
    makerTokenAmount: input.makerTokenAmount.toString(),
    takerTokenAmount: input.takerTokenAmount.toString(),
    makerFee: fees.makerFee,
    takerFee: fees.takerFee,
    expirationUnixTimestampSec: input.expirationUnixTimestampSec.toString(),
    salt: parties.salt.toString(),
  };
}
