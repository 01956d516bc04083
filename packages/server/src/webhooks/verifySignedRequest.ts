import { RelayerError } from '@relayer/protocol';
import { type Hex, recoverMessageAddress } from 'viem';
import type { Queryable } from '../db/Database.js';
import { refusal } from '../errors/toErrorResponse.js';
import { registrationMessage, type SignedWebhookRequest } from './registrationMessage.js';

/** The furthest ahead a signed request may expire: a captured one is worth little for long. */
export const MAX_SIGNED_LIFETIME_SEC = 3600;

export interface SignedFields {
  expires: number;
  nonce: string;
  signature: string;
}

/**
 * Refuses a webhook request unless it is the maker's own, signed for this relayer and chain, not
 * expired and not used before; then records its nonce (inside `tx`, with the change it allows), so the
 * same signed body is refused the second time.
 */
export async function verifySignedRequest(
  tx: Queryable,
  request: SignedWebhookRequest,
  signed: SignedFields,
  context: { network: string; chainId: number; relayerName: string; nowMs: number },
): Promise<void> {
  const nowSec = Math.floor(context.nowMs / 1000);
  if (signed.expires <= nowSec)
    throw refusal('VALUE_OUT_OF_RANGE', 'expires', 'The signed request has expired');
  if (signed.expires > nowSec + MAX_SIGNED_LIFETIME_SEC)
    throw refusal(
      'VALUE_OUT_OF_RANGE',
      'expires',
      `expires must be at most ${MAX_SIGNED_LIFETIME_SEC} s after now`,
    );
  const message = registrationMessage(request, { ...context, expires: signed.expires, nonce: signed.nonce });
  let signer: string;
  try {
    signer = (await recoverMessageAddress({ message, signature: signed.signature as Hex })).toLowerCase();
  } catch {
    throw refusal('INVALID_SIGNATURE', 'signature', 'The signature recovers no address');
  }
  if (signer !== request.maker.toLowerCase())
    throw new RelayerError(
      'WEBHOOK_SIGNER_MISMATCH',
      'The signature is not the maker’s: sign the message with the maker’s key',
      'signature',
    );
  const [fresh] = await tx.query(
    `INSERT INTO webhook_nonces (network, maker, nonce, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
    [context.network, request.maker.toLowerCase(), signed.nonce, signed.expires],
  );
  if (!fresh) throw refusal('WEBHOOK_NONCE_USED', 'nonce', 'This nonce was already used; sign a new request');
}
