import { execFileSync } from 'node:child_process';

/** An open order as the book shows it: its hash and the amounts that change as the chain moves. */
export interface OpenEntry {
  hash: string;
  filled: string;
  cancelled: string;
  fillable: string;
}

/** Every open order an instance serves in `GET /order`, all pages (100 a page, by keyset cursor). */
export async function readServedBook(url: string): Promise<OpenEntry[]> {
  const entries: OpenEntry[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10_000; page++) {
    const query = new URLSearchParams({ per_page: '100' });
    if (cursor) query.set('cursor', cursor);
    const response = await fetch(`${url}/order?${query}`);
    if (!response.ok) throw new Error(`${url}/order?${query}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as {
      total: number;
      nextCursor?: string | null;
      orders: {
        orderHash: string;
        state: string;
        filledTakerTokenAmount: string;
        cancelledTakerTokenAmount: string;
        fillableTakerTokenAmount: string;
      }[];
    };
    for (const order of body.orders) {
      if (order.state !== 'open') throw new Error(`${url}/order served ${order.orderHash} as ${order.state}`);
      entries.push({
        hash: order.orderHash,
        filled: order.filledTakerTokenAmount,
        cancelled: order.cancelledTakerTokenAmount,
        fillable: order.fillableTakerTokenAmount,
      });
    }
    cursor = body.nextCursor ?? null;
    if (!cursor || body.orders.length === 0) {
      if (entries.length !== body.total)
        throw new Error(`${url}/order: ${entries.length} orders on its pages, total says ${body.total}`);
      return sorted(entries);
    }
  }
  throw new Error(`${url}/order: no last page`);
}

/** The open orders of the main network as the database holds them (psql as the superuser). */
export function readDatabaseBook(postgres: { host: string; port: number }): OpenEntry[] {
  const text = execFileSync(
    'psql',
    [
      ...[
        '-h',
        postgres.host,
        '-p',
        String(postgres.port),
        '-U',
        'postgres',
        '-d',
        'relayer',
        '-tA',
        '-F',
        ' ',
      ],
      ...[
        '-c',
        "SELECT hash, filled_taker, cancelled_taker, fillable_taker FROM orders WHERE network = 'main' AND state = 'open'",
      ],
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const entries = text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, filled, cancelled, fillable] = line.split(' ') as [string, string, string, string];
      return { hash, filled, cancelled, fillable };
    });
  return sorted(entries);
}

/** What differs between two books, one line per order (empty when they are equal). */
export function bookDifferences(served: readonly OpenEntry[], database: readonly OpenEntry[]): string[] {
  const byHash = new Map(database.map((entry) => [entry.hash, entry]));
  const lines: string[] = [];
  for (const entry of served) {
    const stored = byHash.get(entry.hash);
    byHash.delete(entry.hash);
    if (!stored) lines.push(`${entry.hash}: served as open, not open in the database`);
    else if (JSON.stringify(stored) !== JSON.stringify(entry))
      lines.push(`${entry.hash}: served ${JSON.stringify(entry)}, database ${JSON.stringify(stored)}`);
  }
  for (const hash of byHash.keys()) lines.push(`${hash}: open in the database, not served`);
  return lines;
}

function sorted(entries: OpenEntry[]): OpenEntry[] {
  return entries.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
}
