const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  'http:': '80',
  'https:': '443',
  'ws:': '80',
  'wss:': '443',
  'postgres:': '5432',
  'postgresql:': '5432',
};

/**
 * A URL as `scheme://host:port` only: a node's path and query often hold an API key, and a database URL's
 * userinfo its password, so nothing past the port is ever shown. Not a URL: `(not a URL)`.
 */
export function redactUrl(value: string | URL): string {
  let url: URL;
  try {
    url = typeof value === 'string' ? new URL(value) : value;
  } catch {
    return '(not a URL)';
  }
  const port = url.port || DEFAULT_PORTS[url.protocol];
  return `${url.protocol}//${url.hostname}${port ? `:${port}` : ''}`;
}
