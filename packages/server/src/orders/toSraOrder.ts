import type { OrderRecord, SignedOrder } from '@relayer/protocol';

/** The SRA v0 SignedOrder of a record: the twelve order fields and the signature, nothing else. */
export function toSraOrder(record: OrderRecord): SignedOrder {
  return {
    exchangeContractAddress: record.exchangeContractAddress,
    maker: record.maker,
    taker: record.taker,
    makerTokenAddress: record.makerTokenAddress,
    takerTokenAddress: record.takerTokenAddress,
    feeRecipient: record.feeRecipient,
    makerTokenAmount: record.makerTokenAmount,
    takerTokenAmount: record.takerTokenAmount,
    makerFee: record.makerFee,
    takerFee: record.takerFee,
    expirationUnixTimestampSec: record.expirationUnixTimestampSec,
    salt: record.salt,
    ecSignature: record.ecSignature,
  };
}
