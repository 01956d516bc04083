import type { FastifyInstance } from 'fastify';

export interface AdminAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields they assert on
  body: any;
}

/** Requests to an app's admin API on its operations listener (real HTTP, loopback), with a bearer token. */
export function adminClient(app: FastifyInstance, token: string | undefined) {
  const address = app.metricsAddress();
  if (!address) throw new Error('the app has no operations listener (set metrics.port)');
  const url = `http://127.0.0.1:${address.port}`;
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<AdminAnswer> => {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url + path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    url,
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown = {}) => send('POST', path, body),
  };
}
