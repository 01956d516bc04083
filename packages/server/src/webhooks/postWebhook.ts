import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './resolveCheckedAddress.js';

export interface WebhookPost {
  url: URL;
  /** The checked address: the connection goes there and nowhere else. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/**
 * POSTs a webhook body and resolves to the receiver's status (the answer's body is not read); rejects
 * on a connection failure or when no answer came within `timeoutMs`. The socket is connected to the
 * address checked before (a `lookup` that returns it), so the name is never resolved again; TLS still
 * checks the certificate against the URL's host name.
 */
export function postWebhook(post: WebhookPost): Promise<number> {
  const { address, family } = post.address;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = post.url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      post.url,
      {
        method: 'POST',
        headers: {
          ...post.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(post.body)),
        },
        lookup,
        agent: false,
        signal: AbortSignal.timeout(post.timeoutMs),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(post.body);
  });
}
