import type { WebhookContext } from './registerWebhook.js';
import { verifySignedRequest } from './verifySignedRequest.js';
import type { WebhookRemoval } from './webhookRequestSchemas.js';

/**
 * Removes the maker's webhook on this network (and its undelivered events) after checking its signed
 * message; resolves to false when there was none.
 */
export async function unregisterWebhook(context: WebhookContext, removal: WebhookRemoval): Promise<boolean> {
  const maker = removal.maker.toLowerCase();
  return context.db.transaction(async (tx) => {
    await verifySignedRequest(tx, { action: 'remove', maker }, removal, {
      network: context.network,
      chainId: context.chainId,
      relayerName: context.relayerName,
      nowMs: context.nowMs,
    });
    const removed = await tx.query('DELETE FROM webhooks WHERE network = $1 AND maker = $2 RETURNING id', [
      context.network,
      maker,
    ]);
    return removed.length > 0;
  });
}
