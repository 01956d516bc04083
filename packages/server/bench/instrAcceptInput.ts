/**
 * Writes the inputs of bench/instrAccept.ts: `--orders` pre-signed orders of a fresh devchain and the
 * relayer's network, fee and order settings, as JSON (bigints as strings tagged `n`).
 * `npx tsx bench/instrAcceptInput.ts --orders=200 --out=/tmp/accept-input.json`
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startDevChain } from '@relayer/devchain';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { presignOrders } from './benchSubmissions.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '200' },
    out: { type: 'string', default: 'accept-input.json' },
  },
});
const chain = await startDevChain({ port: 0 });
try {
  const config = benchConfig(networkFor(chain), undefined);
  const orders = await presignOrders(chain, Number(args.orders));
  const tokens = chain.deployment.tokens.map((t) => ({ address: t.address.toLowerCase(), symbol: t.symbol }));
  const input = {
    network: config.networks[0],
    fees: config.fees,
    orders: config.orders,
    tokens,
    bodies: orders,
  };
  writeFileSync(
    args.out,
    JSON.stringify(input, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value)),
  );
} finally {
  await chain.stop();
}
