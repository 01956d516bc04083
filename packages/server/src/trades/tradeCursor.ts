import { RelayerError } from '@relayer/protocol';
import { z } from 'zod';

/** Where a trades page ends: the block number and log index of the last trade it covered. */
export interface TradePosition {
  blockNumber: number;
  logIndex: number;
}

// Both parts are bound as parameters: checked here to be integers the columns hold (bigint, integer),
// so a forged cursor is a 400, never a failed statement.
const cursorSchema = z.tuple([
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
]);

/** Opaque to clients (base64url JSON) but not secret: it only says where the next page starts. */
export function encodeTradeCursor(position: TradePosition): string {
  return Buffer.from(JSON.stringify([position.blockNumber, position.logIndex])).toString('base64url');
}

/** A cursor sent back by a client; anything this relayer did not issue is refused naming `cursor`. */
export function decodeTradeCursor(text: string): TradePosition {
  let parsed: z.infer<typeof cursorSchema> | undefined;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed) throw new RelayerError('INCORRECT_FORMAT', 'is not a cursor this relayer issued', 'cursor');
  return { blockNumber: parsed[0], logIndex: parsed[1] };
}
