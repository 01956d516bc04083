import { randomBytes } from 'node:crypto';
import type { Database } from '../db/Database.js';
import { type HostPolicy, type ResolveHost, resolveCheckedAddress } from './resolveCheckedAddress.js';
import { verifySignedRequest } from './verifySignedRequest.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhookEventTypes.js';
import type { WebhookRegistration } from './webhookRequestSchemas.js';

export interface WebhookContext {
  db: Database;
  network: string;
  chainId: number;
  relayerName: string;
  policy: HostPolicy;
  resolve?: ResolveHost;
  nowMs: number;
}

export interface RegisteredWebhook {
  maker: string;
  url: string;
  events: WebhookEventType[];
  /** The HMAC key of every delivery: answered here once, never again. */
  secret: string;
}

/**
 * Registers (or replaces) the maker's one webhook on this network after checking its signed message
 * and its URL's host (allowed, and resolving to public addresses), with a new random 32-byte secret.
 * Events still queued for a replaced webhook go to the new URL, signed with the new secret.
 */
export async function registerWebhook(
  context: WebhookContext,
  registration: WebhookRegistration,
): Promise<RegisteredWebhook> {
  const events = registration.events ?? [...WEBHOOK_EVENT_TYPES];
  const maker = registration.maker.toLowerCase();
  await resolveCheckedAddress(new URL(registration.url), context.policy, context.resolve);
  const secret = randomBytes(32).toString('hex');
  await context.db.transaction(async (tx) => {
    await verifySignedRequest(
      tx,
      { action: 'register', maker, url: registration.url, events },
      registration,
      {
        network: context.network,
        chainId: context.chainId,
        relayerName: context.relayerName,
        nowMs: context.nowMs,
      },
    );
    await tx.query(
      `INSERT INTO webhooks (network, maker, url, events, secret, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (network, maker) DO UPDATE
         SET url = excluded.url, events = excluded.events, secret = excluded.secret, created_at = excluded.created_at`,
      [context.network, maker, registration.url, events, secret, context.nowMs],
    );
  });
  return { maker, url: registration.url, events, secret };
}
