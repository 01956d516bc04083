import type { Queryable } from '../db/Database.js';
import { lockToken } from './lockToken.js';
import type { AdminChange } from './runAudited.js';

/**
 * Marks a token verified by the operator: the quotas and transfer checks of unverified tokens no longer
 * apply, and it stays verified when the TokenRegistry does not list it. Every read model re-reads its
 * verified tokens (`tokensChanged`).
 */
export async function verifyToken(
  tx: Queryable,
  network: string,
  address: string,
): Promise<AdminChange<{ address: string; symbol: string; wasVerified: boolean }>> {
  const token = await lockToken(tx, network, address);
  await tx.query(
    'UPDATE tokens SET verified = true, operator_verified = true WHERE network = $1 AND address = $2',
    [network, address],
  );
  return {
    result: { address, symbol: token.symbol, wasVerified: token.verified },
    events: [{ type: 'tokensChanged', network }],
  };
}
