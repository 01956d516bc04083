import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key per-client limits count under: an IPv4 address as it is, an IPv6 address by its /64 prefix.
 * One IPv6 subscriber is routinely given a whole /64 (2^64 addresses), so keying by the full address
 * would let one client take a fresh budget per request. IPv4-mapped IPv6 (`::ffff:a.b.c.d`) counts as
 * the IPv4 address it carries. Anything that is not an IP address (a unix socket, a test) is its own key.
 */
export function clientAddressKey(ip: string): string {
  // Every request of a rate-limited route asks: the last answer is kept (the same client asks again).
  if (ip === last.ip) return last.key;
  const key = keyOf(ip);
  last = { ip, key };
  return key;
}

let last = { ip: '', key: '' };

function keyOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return ip;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (::a.b.c.d, 64:ff9b::a.b.c.d) stands for the last two groups.
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}
