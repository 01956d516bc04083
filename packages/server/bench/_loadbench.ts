import { createHash } from 'node:crypto';
import { NetworkBook } from '../src/book/NetworkBook.js';
import { type BookRow, orderFromRow } from '../src/book/readBookRows.js';

const n = Number(process.argv[2] ?? 100000);
const h = (s: string) => `0x${createHash('sha256').update(s).digest('hex')}`;
const tokens = Array.from({ length: 8 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`);
const pairs = tokens.flatMap((m, a) => tokens.filter((t) => t !== m).map((t) => [m, t, a]));
const makers = Array.from({ length: 200 }, (_, i) => h(`m${i}`).slice(0, 42));
const rows: BookRow[] = [];
for (let i = 0; i < n; i++) {
  const [mt, tt, a] = pairs[i % pairs.length] as [string, string, number];
  const ma = String(BigInt(1 + ((i * 7919) % 1000)) * 10n ** 17n);
  const ta = String(BigInt(1 + ((i * 104729) % 5000)) * 10n ** 16n);
  const fee = String(BigInt(i % 5) * 10n ** 16n);
  rows.push([
    h(`h${i}`),
    1,
    'open',
    makers[i % 200] as string,
    `0x${'0'.repeat(40)}`,
    mt,
    tt,
    `T${a}`,
    `T${(a + 1) % 8}`,
    `0x${'0'.repeat(40)}`,
    `0x${'e'.repeat(40)}`,
    ma,
    ta,
    fee,
    fee,
    String(1796000000 + (i % 100000)),
    String(i),
    27,
    h(`r${i}`),
    h(`s${i}`),
    '0',
    '0',
    ta,
    ma,
    1795000000000 + i,
    '[]',
  ]);
}
rows.sort((a, b) => (a[0] < b[0] ? -1 : 1));
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const res: number[] = [];
for (let r = 0; r < 6; r++) {
  const book = new NetworkBook();
  const c0 = cpu();
  const orders = rows.map((row) => orderFromRow(book, row));
  const c1 = cpu();
  book.load(orders);
  const c2 = cpu();
  res.push(c2 - c1);
  console.log(`orders ${(c1 - c0).toFixed(0)} ms, load ${(c2 - c1).toFixed(0)} ms cpu`);
}
console.log('min load', Math.min(...res).toFixed(0));
