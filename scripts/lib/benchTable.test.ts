import { describe, expect, test } from 'vitest';
import { type BenchRow, replaceBenchRows } from './benchTable.ts';

const doc = [
  '# Performance',
  '<!-- bench:relayer:start -->',
  '| Scenario | Target | Figure (median) | Meets | Machine and date | Command |',
  '| --- | --- | --- | --- | --- | --- |',
  '| uncached page | <= 0.2 ms | 0.190 ms | yes | old machine; 2026-01-01 | `npx tsx bench/run.ts --only=read` |',
  '| accepted order | <= 0.4 ms | 0.50 ms | no | old machine; 2026-01-01 | `npx tsx bench/run.ts --only=submit` |',
  '<!-- bench:relayer:end -->',
  '<!-- bench:web:start -->',
  '| Scenario | Target | Figure (median) | Meets | Machine and date | Command |',
  '| --- | --- | --- | --- | --- | --- |',
  '| first rows | <= 1 s | 0.8 s | yes | old machine; 2026-01-01 | `npm run bench -w @relayer/web` |',
  '<!-- bench:web:end -->',
  'after',
].join('\n');

const row = (scenario: string, figure: string, meets?: boolean): BenchRow => ({
  scenario,
  target: '<= 0.4 ms',
  figure,
  ...(meets === undefined ? {} : { meets }),
  command: 'npx tsx bench/run.ts --only=submit',
});

describe('replaceBenchRows', () => {
  test('replaces the reported scenario in place and keeps the rows it does not name', () => {
    const out = replaceBenchRows(
      doc,
      { area: 'relayer', rows: [row('accepted order', '0.38 ms', true)] },
      'new',
    );
    const lines = out.split('\n');
    expect(lines[4]).toContain('| uncached page | <= 0.2 ms | 0.190 ms | yes | old machine; 2026-01-01 |');
    expect(lines[5]).toBe(
      '| accepted order | <= 0.4 ms | 0.38 ms | yes | new | `npx tsx bench/run.ts --only=submit` |',
    );
    expect(lines[6]).toBe('<!-- bench:relayer:end -->');
  });

  test('appends a new scenario and leaves the other areas and the text around untouched', () => {
    const out = replaceBenchRows(doc, { area: 'relayer', rows: [row('start-up', '2.1 s')] }, 'new');
    expect(out.split('\n')[6]).toBe(
      '| start-up | <= 0.4 ms | 2.1 s | - | new | `npx tsx bench/run.ts --only=submit` |',
    );
    expect(out.slice(out.indexOf('<!-- bench:web:start -->'))).toBe(
      doc.slice(doc.indexOf('<!-- bench:web:start -->')),
    );
    expect(out.startsWith('# Performance\n<!-- bench:relayer:start -->\n| Scenario |')).toBe(true);
  });

  test('escapes a pipe in a cell and reads it back as one cell', () => {
    const once = replaceBenchRows(doc, { area: 'web', rows: [row('a | b', '1 s')] }, 'm');
    const twice = replaceBenchRows(once, { area: 'web', rows: [row('c', '2 s')] }, 'm');
    expect(twice).toContain('| a \\| b | <= 0.4 ms | 1 s |');
    expect(twice.match(/a \\\| b/g)).toHaveLength(1);
  });

  test('refuses a document without the area markers, naming them', () => {
    expect(() => replaceBenchRows(doc, { area: 'contracts', rows: [row('x', '1')] }, 'm')).toThrow(
      'bench:contracts:start',
    );
  });
});
