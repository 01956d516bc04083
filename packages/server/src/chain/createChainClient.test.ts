import { createServer } from 'node:net';
import { stdSerializers } from 'pino';
import { expect, test } from 'vitest';
import { startJsonRpcNode } from '../../test/helpers/startJsonRpcNode.js';
import { testConfig } from '../config.js';
import { createChainClient } from './createChainClient.js';
import { createRpcBatcher } from './createRpcBatcher.js';

const SECRET_PATH = '/v3/SECRETAPIKEY123';
const SECRET_QUERY = '?apikey=SECRETQUERY456';

/** A port on 127.0.0.1 that nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Everything of an error a log line or /health could show: as pino serializes it, and its causes' text. */
async function failureText(call: () => Promise<unknown>): Promise<string> {
  const error = await call().then(
    () => {
      throw new Error('the call was expected to fail');
    },
    (e: unknown) => e as Error,
  );
  return `${error.message}\n${error.stack}\n${JSON.stringify(stdSerializers.err(error))}`;
}

test("a failing node's errors name its host and port, never its path or query", async () => {
  const failing = await startJsonRpcNode(() => ({ status: 500, body: 'boom' }));
  const nodes = [`http://127.0.0.1:${await closedPort()}`, failing];
  for (const origin of nodes) {
    const network = { ...testConfig().networks[0]!, rpcUrl: `${origin}${SECRET_PATH}${SECRET_QUERY}` };
    const client = createChainClient(network, { timeoutMs: 2000 });
    const batched = createRpcBatcher(client);
    for (const text of [
      await failureText(() => client.getBlockNumber()),
      await failureText(() => batched('eth_blockNumber', [])),
    ]) {
      expect(text).not.toContain('SECRETAPIKEY123');
      expect(text).not.toContain('SECRETQUERY456');
      expect(text).toContain(new URL(origin).host);
    }
  }
});
