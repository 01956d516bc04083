import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { fetchJsonText } from './fetchJsonText.js';

const MIB = 1024 * 1024;
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * A price host that streams `total` bytes of a JSON string in 64 KiB writes, recording how many it got
 * out before the client hung up.
 */
async function streamingHost(total: number) {
  const sent = { bytes: 0, finished: false, clientClosed: false };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.on('close', () => {
      sent.clientClosed = !sent.finished;
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = () => {
      while (sent.bytes < total) {
        const size = Math.min(chunk.length, total - sent.bytes);
        sent.bytes += size;
        if (!res.write(chunk.subarray(0, size))) return void res.once('drain', write);
      }
      sent.finished = true;
      res.end();
    };
    write();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, sent };
}

const options = () => ({ timeoutMs: 20_000, signal: new AbortController().signal });

test('an answer of exactly 4 MiB is read whole', async () => {
  const host = await streamingHost(4 * MIB);
  const text = await fetchJsonText(fetch, host.url, options());
  expect(text.length).toBe(4 * MIB);
});

test('an answer past 4 MiB is refused and the download stopped, not read to its end', async () => {
  const host = await streamingHost(64 * MIB);
  await expect(fetchJsonText(fetch, host.url, options())).rejects.toThrow(
    `answer larger than ${4 * MIB} bytes`,
  );
  await expect.poll(() => host.sent.clientClosed).toBe(true);
  expect(host.sent.finished).toBe(false);
  expect(host.sent.bytes).toBeLessThan(32 * MIB);
});
