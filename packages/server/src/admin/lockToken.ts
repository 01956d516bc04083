import type { Queryable } from '../db/Database.js';
import { refusal } from '../errors/toErrorResponse.js';

export interface LockedToken {
  address: string;
  symbol: string;
  verified: boolean;
  unlisted: boolean;
}

/** The token's row, locked until the transaction ends; refused (UNKNOWN_TOKEN, `address`) when absent. */
export async function lockToken(tx: Queryable, network: string, address: string): Promise<LockedToken> {
  const rows = await tx.query<LockedToken>(
    'SELECT address, symbol, verified, unlisted FROM tokens WHERE network = $1 AND address = $2 FOR UPDATE',
    [network, address],
  );
  const token = rows[0];
  if (!token)
    throw refusal('UNKNOWN_TOKEN', 'address', `The ${network} network lists no token at this address`);
  return token;
}
