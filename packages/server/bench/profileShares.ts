/**
 * Shares of a relayer CPU profile (`bench/run.ts --only=submit --profile`) by part of an order's
 * acceptance, over the measured window (from the first 5 % of signature recoveries to the last).
 * `npx tsx bench/profileShares.ts <profile dir or .cpuprofile> [CPU ms per order]`
 * Samples are wall-clock ticks: a thread blocked in a system call (fsync) or descheduled counts as busy.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** The first rule that any frame of a sample's stack matches names its part. */
const PARTS: [string, (f: CallFrame) => boolean][] = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['GC', (f) => f.functionName === '(garbage collector)'],
  ['signature recovery', (f) => /recoverSigner|nativeRecover|ecdsaRecover/.test(f.functionName + f.url)],
  ['order hash', (f) => /hashOrder/.test(f.functionName + f.url)],
  [
    'database: PGlite / pg, fsync, the writer',
    (f) =>
      /pglite|createPgliteDatabase|DurableNodeFS|createOrderWriter|createPostgresDatabase|node_modules\/pg/.test(
        f.url,
      ),
  ],
  ['chain reads (JSON-RPC client)', (f) => /src\/chain\//.test(f.url)],
  ['read model, book events, WebSocket hub', (f) => /src\/book\/|src\/events\/|src\/ws\//.test(f.url)],
  ['order parse', (f) => /parseSignedOrder/.test(f.url)],
  [
    'acceptance checks, fill math, tokens',
    (f) => /acceptOrder|submitOrder|protocol\/src\/math|src\/tokens\//.test(f.url),
  ],
  ['security headers, metrics, logging', (f) => /src\/ops\/|helmet|prom-client|pino/.test(f.url)],
  [
    'HTTP: Node http, Fastify, body JSON, answer',
    (f) =>
      /fastify|find-my-way|secure-json-parse|_http_|node:net|stream_base|avvio|orderRoutes|buildApp/.test(
        f.url,
      ) || /writev|writeBuffer/.test(f.functionName),
  ],
];

const target = process.argv[2];
if (!target) throw new Error('usage: profileShares.ts <profile dir or file> [CPU ms per order]');
const cpuMs = Number(process.argv[3] ?? 0);
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => join(target, f))
  : [target];

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const recoveries = profile.samples
    .map((id, i) => (/ecdsaRecover/.test(byId.get(id)?.callFrame.functionName ?? '') ? i : -1))
    .filter((i) => i >= 0);
  if (recoveries.length === 0) continue; // not the relayer that accepted the orders
  const from = recoveries[Math.floor(recoveries.length * 0.05)] ?? 0;
  const to = recoveries[recoveries.length - 1] ?? 0;
  const counts = new Map<string, number>();
  for (let i = from; i <= to; i++) {
    const stack: CallFrame[] = [];
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (node) stack.push(node.callFrame);
    }
    const part = PARTS.find(([, test]) => stack.some(test))?.[0] ?? 'other (streams, promise ticks, …)';
    counts.set(part, (counts.get(part) ?? 0) + 1);
  }
  const total = to - from + 1;
  const busy = total - (counts.get('idle') ?? 0);
  console.log(
    `${file}: ${total} samples in the window, ${((100 * (total - busy)) / total).toFixed(1)} % idle`,
  );
  for (const [part, n] of [...counts].filter(([p]) => p !== 'idle').sort((a, b) => b[1] - a[1])) {
    const share = `${((100 * n) / busy).toFixed(1)} %`.padStart(7);
    console.log(
      `${share} of busy${cpuMs ? `  ~${Math.round((cpuMs * 1000 * n) / busy)} µs/order` : ''}  ${part}`,
    );
  }
}
