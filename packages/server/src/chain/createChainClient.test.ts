import { stdSerializers } from 'pino';
import { expect, test } from 'vitest';
import { closedPort } from '../../test/helpers/closedPort.js';
import { startJsonRpcNode } from '../../test/helpers/startJsonRpcNode.js';
import { loadConfig } from '../config.js';
import { createChainClient } from './createChainClient.js';
import { createRpcBatcher } from './createRpcBatcher.js';

const SECRET_PATH = '/v3/SECRETAPIKEY123';
const SECRET_QUERY = '?apikey=SECRETQUERY456';

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
    const [network] = loadConfig({ RPC_URL: `${origin}${SECRET_PATH}${SECRET_QUERY}` }).networks;
    if (!network) throw new Error('no network configured');
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
