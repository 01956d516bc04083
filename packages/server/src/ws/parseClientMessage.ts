import { sraGeneralCodes, type WsSubscribe, wsSubscribeSchema } from '@relayer/protocol';
import type { RawData } from 'ws';
import { wsLimits } from './wsLimits.js';

export type WsErrorMessage = {
  type: 'error';
  requestId: number | null;
  payload: { code: number; reason: string };
};

/**
 * One client frame -> a validated subscribe (protocol's `wsSubscribeSchema`) or the `error` message to
 * answer with: SRA code 101 for text that is not JSON, 100 for anything that is not a valid subscribe.
 */
export function parseClientMessage(
  data: RawData,
): { ok: true; message: WsSubscribe } | { ok: false; error: WsErrorMessage } {
  const bytes = Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(new Uint8Array(data));
  if (bytes.byteLength > wsLimits.maxMessageBytes) {
    return failure(
      null,
      sraGeneralCodes.VALIDATION_FAILED,
      `Message larger than ${wsLimits.maxMessageBytes} bytes`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return failure(null, sraGeneralCodes.MALFORMED_JSON, 'Malformed JSON');
  }
  const parsed = wsSubscribeSchema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`)
    .join('; ');
  return failure(requestIdOf(json), sraGeneralCodes.VALIDATION_FAILED, `Validation failed: ${issues}`);
}

/** Echo the client's request id on errors when it sent a usable one, so it can match the answer. */
function requestIdOf(json: unknown): number | null {
  const id =
    typeof json === 'object' && json !== null ? (json as { requestId?: unknown }).requestId : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

export function failure(
  requestId: number | null,
  code: number,
  reason: string,
): { ok: false; error: WsErrorMessage } {
  return { ok: false, error: { type: 'error', requestId, payload: { code, reason } } };
}
