import { z } from 'zod';

const seconds = z.number().int().nonnegative();

/**
 * `GET {prefix}/chain`: the clock the relayer decides expiry by. An order counts as expired once
 * `nowSec + expiryMarginSec >= expirationUnixTimestampSec`, where `nowSec` is the later of the server's
 * clock and the timestamp of the latest block the relayer has seen (the Exchange refuses a fill once
 * `block.timestamp >= expiration`, and a dev chain's clock may be moved ahead of real time). A client
 * keeps the same clock as `nowSec` plus the seconds elapsed since the answer arrived (refreshed now and
 * then: a new block may move it ahead again).
 */
export const chainStatusSchema = z.object({
  chainId: z.number().int().positive(),
  /** The latest block the relayer has seen; null before it has seen one. */
  blockNumber: z.number().int().nonnegative().nullable(),
  /** That block's `block.timestamp` (Unix seconds); null with `blockNumber`. */
  blockTimestampSec: seconds.nullable(),
  /** The server's clock when it answered (Unix seconds). */
  serverTimeSec: seconds,
  /** What expiry is judged by: max(serverTimeSec, blockTimestampSec) (Unix seconds). */
  nowSec: seconds,
  /** Orders are refused, and leave the book, this long before they expire. */
  expiryMarginSec: seconds,
  /** Orders expiring more than this after `nowSec` are refused (0 = no cap; absent from relayers without one). */
  maxExpirySec: seconds.optional(),
});
export type ChainStatus = z.infer<typeof chainStatusSchema>;
