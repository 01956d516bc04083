import type { WebhookEventType } from './webhookEventTypes.js';

export type SignedWebhookRequest =
  | { action: 'register'; maker: string; url: string; events: readonly WebhookEventType[] }
  | { action: 'remove'; maker: string };

/**
 * The text a maker signs (personal_sign) to register or remove its webhook: it names this relayer and
 * the network's chain id, so the signature is worth nothing on another relayer or network, and the
 * expiry and nonce, so it is accepted once and briefly. docs/API.md shows it line by line.
 */
export function registrationMessage(
  request: SignedWebhookRequest,
  context: { relayerName: string; chainId: number; expires: number; nonce: string },
): string {
  const lines =
    request.action === 'register'
      ? [
          `Register a webhook with ${context.relayerName}`,
          `Chain id: ${context.chainId}`,
          `Maker: ${request.maker.toLowerCase()}`,
          `URL: ${request.url}`,
          `Events: ${request.events.join(',')}`,
        ]
      : [
          `Remove the webhook from ${context.relayerName}`,
          `Chain id: ${context.chainId}`,
          `Maker: ${request.maker.toLowerCase()}`,
        ];
  return [...lines, `Expires: ${context.expires}`, `Nonce: ${context.nonce}`].join('\n');
}
