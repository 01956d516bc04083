/**
 * acceptOrder alone, for an instruction count under `valgrind --tool=callgrind` (no chain, no timing):
 * the orders of bench/instrAcceptInput.ts accepted `--rounds` times over, 32 at a time,
 * against a chain reader that answers every order as fully fillable at once, a token directory in
 * memory and a writer that stores nothing. `--root` loads another checkout's packages/server instead.
 * Two runs that differ only in `--rounds` give the instructions of the rounds between them.
 * `valgrind --tool=callgrind node --import tsx bench/instrAccept.ts --input=accept-input.json --rounds=2`
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Queryable } from '../src/db/Database.js';
import type { BookEvents } from '../src/events/BookEvents.js';
import type { AcceptContext } from '../src/orders/acceptOrder.js';
import type { OrderWriter } from '../src/orders/createOrderWriter.js';

const { values: args } = parseArgs({
  options: {
    input: { type: 'string', default: 'accept-input.json' },
    rounds: { type: 'string', default: '1' },
    root: { type: 'string' },
  },
});
const root = args.root ?? new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const input = JSON.parse(readFileSync(args.input, 'utf8'), (_key, value) =>
  typeof value === 'string' && /^\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value,
);
const load = async (path: string) => import(`${root}/src/${path}`);
const { acceptOrder } = await load('orders/acceptOrder.ts');
const { createTokenDirectory } = await load('tokens/createTokenDirectory.ts');
const { createChainClock } = await load('chain/createChainClock.ts');
const { OpenOrderQuotas } = await load('orders/OpenOrderQuotas.ts');
const { createOpenCounts } = await load('orders/createOpenCounts.ts');

const symbols = new Map<string, string>(
  input.tokens.map((t: { address: string; symbol: string }) => [t.address, t.symbol]),
);
const db = {
  kind: 'pglite',
  async query(_sql: string, params: unknown[]) {
    const symbol = symbols.get(String(params[1]));
    return symbol
      ? [{ address: params[1], name: symbol, symbol, decimals: 18, verified: true, unlisted: false }]
      : [];
  },
} as unknown as Queryable;
const plenty = 10n ** 30n;
// A fixed clock an hour before the first order expires, so every run judges the orders alike.
const now = () => Number(BigInt(input.bodies[0].expirationUnixTimestampSec)) * 1000 - 3_600_000;
const context: AcceptContext = {
  network: input.network,
  fees: { ...input.fees, peek: () => input.fees, current: async () => input.fees },
  orders: input.orders,
  reader: {
    getOrderChainState: async () => ({
      filledTakerTokenAmount: 0n,
      cancelledTakerTokenAmount: 0n,
      makerBalance: plenty,
      makerAllowance: plenty,
      makerZrxBalance: plenty,
      makerZrxAllowance: plenty,
      blockNumber: 1n,
      blockTimestamp: BigInt(now() / 1000),
      zrxAddress: input.network.addresses.zrx,
    }),
  },
  tokens: createTokenDirectory(db, now),
  refreshTokens: async () => {},
  writer: { write: async () => 'inserted' } as unknown as OrderWriter,
  quotas: new OpenOrderQuotas({
    maxPerUnverifiedToken: 0,
    maxPerNetwork: 0,
    openCounts: createOpenCounts({ db }),
  }),
  transfers: { check: async () => {} },
  db,
  events: { publish: async () => {} } as unknown as BookEvents,
  now,
  clock: createChainClock(now),
};
// Objects as the route hands them over (the HTTP layer parses the JSON text).
const bodies: unknown[] = input.bodies.map((order: unknown) => JSON.parse(JSON.stringify(order)));
/** As many in flight as microAccept's default. */
const inflight = 32;
let created = 0;
for (let round = 0; round < Number(args.rounds); round++) {
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const result = await acceptOrder(context, bodies[next++]);
      if (result.status === 'created') created++;
    }
  };
  await Promise.all(Array.from({ length: inflight }, worker));
}
if (created !== bodies.length * Number(args.rounds)) throw new Error(`only ${created} orders were accepted`);
console.log(`instrAccept: ${created} orders accepted (${args.rounds} rounds of ${bodies.length})`);
