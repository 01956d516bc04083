/**
 * Whether a URL's host name is one the operator allows: equal to an entry, or under a `*.suffix` entry
 * (a subdomain of it, not the suffix itself). Case-insensitive; IPv6 literals keep their brackets.
 */
export function isAllowedHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) => {
    const rule = entry.toLowerCase();
    return rule.startsWith('*.')
      ? host.endsWith(rule.slice(1)) && host.length > rule.length - 1
      : host === rule;
  });
}
