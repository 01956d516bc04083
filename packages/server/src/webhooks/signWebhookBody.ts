import { createHmac } from 'node:crypto';

/**
 * The `X-Relayer-Signature` value: `sha256=` and the hex HMAC-SHA256, keyed with the webhook's secret
 * (the text given at registration), of `timestamp.body`, so a receiver can refuse an old body replayed.
 */
export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
