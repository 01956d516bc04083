/**
 * The web server of the built app (dist/): `npm start -w @relayer/web`, `npm start` (scripts/start.ts)
 * and the e2e stack run it. See serve/startWebServer.ts for what it serves.
 *
 *   tsx serve.ts [--port 8080] [--host 127.0.0.1] [--dist dist] [--config web-config.json]
 *                [--variants '<JSON array of variants>'] [--main-relayer-url URL --main-rpc-url URL
 *                 --main-hosts a,b --main-chain-id 1 --main-name Mainnet --main-site-url URL
 *                 --main-explorer-url URL]
 *                [--kovan-... likewise] [--analytics off|on] [--analytics-endpoint URL] [--ticker-url URL]
 *
 * Every flag also reads an environment variable: --main-relayer-url is WEB_MAIN_RELAYER_URL, --port is
 * WEB_PORT, and so on (upper case, WEB_ prefix, dashes to underscores).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFromFlags, readFlags } from './serve/configFromFlags.ts';
import { startWebServer } from './serve/startWebServer.ts';

export { configFromFlags, type Flags } from './serve/configFromFlags.ts';
export { type ServedConfig, type ServedVariant, validateConfig } from './serve/servedConfig.ts';
export { startWebServer, type WebServer, type WebServerOptions } from './serve/startWebServer.ts';

async function main(): Promise<void> {
  const flags = readFlags(process.argv.slice(2), process.env);
  const port = Number(flags.port ?? 8080);
  const host = flags.host ?? '127.0.0.1';
  const config = await configFromFlags(flags, `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  const server = await startWebServer({ port, host, distDir: flags.dist, config });
  console.log(
    `web app on ${server.url} (${config.variants.map((v) => `${v.name}: ${v.relayerUrl}`).join(', ')})`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.close().finally(() => process.exit(0));
    });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
