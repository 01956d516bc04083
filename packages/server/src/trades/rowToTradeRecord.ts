import type { Address, Hex, TradeRecord } from '@relayer/protocol';

/** A `trades` row as the queries of this folder select it (`TRADE_COLUMNS`). */
export interface TradeRow {
  /** bigint columns: PGlite answers a number, pg a string. */
  block_number: number | string;
  log_index: number;
  block_hash: string;
  transaction_hash: string;
  block_timestamp: number | string;
  order_hash: string;
  maker: string;
  taker: string;
  fee_recipient: string;
  maker_token: string;
  taker_token: string;
  filled_maker: string;
  filled_taker: string;
  paid_maker_fee: string;
  paid_taker_fee: string;
}

/** The column list every trade query selects, matching `TradeRow`. */
export const TRADE_COLUMNS =
  'block_number, log_index, block_hash, transaction_hash, block_timestamp, order_hash, maker, taker, ' +
  'fee_recipient, maker_token, taker_token, filled_maker::text, filled_taker::text, ' +
  'paid_maker_fee::text, paid_taker_fee::text';

/** A `trades` row as the wire's TradeRecord (amounts stay exact decimal strings). */
export function rowToTradeRecord(row: TradeRow): TradeRecord {
  return {
    transactionHash: row.transaction_hash as Hex,
    blockNumber: Number(row.block_number),
    blockHash: row.block_hash as Hex,
    logIndex: Number(row.log_index),
    timestamp: Number(row.block_timestamp),
    orderHash: row.order_hash as Hex,
    maker: row.maker as Address,
    taker: row.taker as Address,
    feeRecipient: row.fee_recipient as Address,
    makerTokenAddress: row.maker_token as Address,
    takerTokenAddress: row.taker_token as Address,
    filledMakerTokenAmount: row.filled_maker,
    filledTakerTokenAmount: row.filled_taker,
    paidMakerFee: row.paid_maker_fee,
    paidTakerFee: row.paid_taker_fee,
  };
}
