import { RelayerError, type SignedOrder, type TokenRecord } from '@relayer/protocol';
import type { NewOrderRow, OrderWriter, WriteOutcome } from './createOrderWriter.js';
import type { MakerQuotaMemory } from './MakerQuotaMemory.js';
import type { OpenOrderQuotas, QuotaRequest } from './OpenOrderQuotas.js';

export interface QuotedWrite {
  quotas: Pick<OpenOrderQuotas, 'claim'>;
  writer: OrderWriter;
  row: NewOrderRow;
  order: Pick<SignedOrder, 'makerTokenAddress' | 'takerTokenAddress'>;
  tokens: { maker: TokenRecord; taker: TokenRecord };
  /** The quota per maker (0: none), counted by the writer unless `makers` vouches for the row. */
  maxOpenPerMaker: number;
  /** What the read model shows of each maker (a database only this process writes), else undefined. */
  makers?: MakerQuotaMemory | undefined;
}

/**
 * An accepted order's row written within every quota: a place in the network's and the unverified
 * tokens' quotas is taken first (kept once the row is written, given back otherwise), then the maker's:
 * vouched for by the read model's memory when it can, else counted by the writer in the database with
 * the row's batch. Throws the quota's 429 RelayerError.
 */
export async function writeWithinQuotas(
  write: QuotedWrite,
): Promise<Exclude<WriteOutcome, { overQuota: number }>> {
  const { row } = write;
  const claim = await write.quotas.claim({
    network: row.network,
    hash: row.hash,
    unverifiedTokens: unverifiedTokens(write),
  });
  let outcome: WriteOutcome;
  try {
    outcome = write.makers
      ? await write.makers.write(write.writer, row, write.maxOpenPerMaker)
      : await write.writer.write(row);
  } catch (error) {
    claim.release();
    throw error;
  }
  if (outcome === 'inserted' || outcome === 'reopened') claim.written();
  else claim.release();
  if (typeof outcome === 'object') {
    throw new RelayerError(
      'MAKER_ORDER_QUOTA_EXCEEDED',
      `This maker has ${outcome.overQuota} open orders on this book and the quota is ${write.maxOpenPerMaker} per maker (counted over every address that posts them): cancel some or wait for fills`,
      'maker',
    );
  }
  return outcome;
}

/** The order's tokens the quota per unverified token counts (verified ones are the registry's). */
function unverifiedTokens({ order, tokens }: QuotedWrite): QuotaRequest['unverifiedTokens'] {
  const named: { address: string; field: 'makerTokenAddress' | 'takerTokenAddress' }[] = [];
  if (!tokens.maker.verified) named.push({ address: order.makerTokenAddress, field: 'makerTokenAddress' });
  if (!tokens.taker.verified) named.push({ address: order.takerTokenAddress, field: 'takerTokenAddress' });
  return named;
}
