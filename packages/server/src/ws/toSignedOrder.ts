import type { OrderRecord, SignedOrder } from '@relayer/protocol';

/** The SRA v0 SignedOrder inside an OrderRecord: the twelve order fields and the signature, nothing else. */
export function toSignedOrder(record: OrderRecord): SignedOrder {
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
    ecSignature: { v: record.ecSignature.v, r: record.ecSignature.r, s: record.ecSignature.s },
  };
}
