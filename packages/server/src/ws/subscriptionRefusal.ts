import { sraGeneralCodes } from '@relayer/protocol';
import type { WsClient } from './WsClient.js';
import type { WsLimits } from './wsLimits.js';

/**
 * Why a subscribe is refused, as the SRA code and reason to answer with, or undefined when it may be
 * taken: a request id or a channel-and-filter the socket already holds (100), or a limit of the socket
 * or of its address (103).
 */
export function subscriptionRefusal(options: {
  client: WsClient;
  requestId: number;
  identity: string;
  wantsSnapshot: boolean;
  limits: WsLimits;
}): { code: number; reason: string } | undefined {
  const { client, requestId, identity, wantsSnapshot, limits } = options;
  const invalid = (reason: string) => ({
    code: sraGeneralCodes.VALIDATION_FAILED,
    reason: `Validation failed: ${reason}`,
  });
  const throttled = (reason: string) => ({
    code: sraGeneralCodes.THROTTLED,
    reason: `Throttled: at most ${reason}`,
  });
  if (client.subscriptions.has(requestId))
    return invalid(`requestId ${requestId} is already subscribed on this connection`);
  const holder = client.identities.get(identity);
  if (holder !== undefined)
    return invalid(`requestId ${holder} already subscribes to this on this connection`);
  if (client.subscriptions.size >= limits.maxSubscriptionsPerSocket)
    return throttled(`${limits.maxSubscriptionsPerSocket} subscriptions per connection`);
  if (client.address.subscriptions >= limits.maxSubscriptionsPerAddress)
    return throttled(`${limits.maxSubscriptionsPerAddress} subscriptions per address`);
  if (wantsSnapshot && client.snapshotsTaken >= limits.maxSnapshotsPerSocket)
    return throttled(`${limits.maxSnapshotsPerSocket} snapshot subscriptions per connection`);
  if (wantsSnapshot && client.address.snapshots >= limits.maxSnapshotsPerAddress)
    return throttled(`${limits.maxSnapshotsPerAddress} snapshot subscriptions per address`);
  return undefined;
}
