import { randomBytes } from 'node:crypto';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { registrationMessage } from '../../src/webhooks/registrationMessage.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../src/webhooks/webhookEventTypes.js';

export type WebhookRequestDraft =
  | { action: 'register'; url: string; events?: WebhookEventType[] }
  | { action: 'remove' };

/**
 * A webhook request body as a maker's bot builds it: the message of `registrationMessage` signed with
 * `signerKey` (personal_sign), for `maker` (the signer's own address unless told otherwise).
 */
export async function signedWebhookRequest(
  signerKey: Hex,
  draft: WebhookRequestDraft,
  context: { relayerName: string; chainId: number; nowMs?: number; maker?: string; nonce?: string },
): Promise<Record<string, unknown>> {
  const account = privateKeyToAccount(signerKey);
  const maker = (context.maker ?? account.address).toLowerCase();
  const expires = Math.floor((context.nowMs ?? Date.now()) / 1000) + 600;
  const nonce = context.nonce ?? randomBytes(12).toString('hex');
  const message =
    draft.action === 'register'
      ? registrationMessage(
          { action: 'register', maker, url: draft.url, events: draft.events ?? [...WEBHOOK_EVENT_TYPES] },
          { ...context, expires, nonce },
        )
      : registrationMessage({ action: 'remove', maker }, { ...context, expires, nonce });
  const signature = await account.signMessage({ message });
  const fields =
    draft.action === 'register' ? { url: draft.url, ...(draft.events ? { events: draft.events } : {}) } : {};
  return { maker, ...fields, expires, nonce, signature };
}
