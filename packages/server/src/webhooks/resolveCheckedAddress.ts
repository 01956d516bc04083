import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { RelayerError } from '@relayer/protocol';
import { isAllowedHost } from './isAllowedHost.js';
import { isPublicAddress } from './isPublicAddress.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A host name's addresses (the system resolver by default; tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface HostPolicy {
  allowedHosts: readonly string[];
  allowPrivateAddresses: boolean;
}

function notAllowed(reason: string): RelayerError {
  return new RelayerError('WEBHOOK_HOST_NOT_ALLOWED', reason, 'url');
}

/**
 * The one address a webhook to `url` may connect to: its host must be on the operator's list and,
 * after DNS resolution, every address it resolves to must be public (unless the operator allows
 * private ones). The caller connects to exactly this address, so a name that resolves elsewhere a
 * moment later (DNS rebinding) changes nothing.
 */
export async function resolveCheckedAddress(
  url: URL,
  policy: HostPolicy,
  resolve: ResolveHost = systemResolve,
): Promise<ResolvedAddress> {
  if (!isAllowedHost(url.hostname, policy.allowedHosts))
    throw notAllowed(
      `This relayer sends webhooks only to the hosts its operator allows, not ${url.hostname}`,
    );
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(literal) !== 0) addresses = [{ address: literal, family: isIP(literal) }];
  else {
    try {
      addresses = await resolve(url.hostname);
    } catch {
      throw notAllowed(`The host ${url.hostname} does not resolve`);
    }
  }
  const [first] = addresses;
  if (!first) throw notAllowed(`The host ${url.hostname} does not resolve`);
  if (!policy.allowPrivateAddresses && addresses.some((a) => !isPublicAddress(a.address)))
    throw notAllowed(`The host ${url.hostname} resolves to an address that is not public`);
  return first;
}
