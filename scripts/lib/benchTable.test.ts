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

/** The table of `area` as rows of trimmed cells, header and separator left out. */
const rowsOf = (text: string, area: string) =>
  text
    .slice(text.indexOf(`<!-- bench:${area}:start -->`), text.indexOf(`<!-- bench:${area}:end -->`))
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );

describe('replaceBenchRows', () => {
  test('replaces the reported scenario in place and keeps the rows it does not name', () => {
    const out = replaceBenchRows(
      doc,
      { area: 'relayer', rows: [row('accepted order', '0.38 ms', true)] },
      'new',
    );
    expect(rowsOf(out, 'relayer')).toEqual([
      [
        'uncached page',
        '<= 0.2 ms',
        '0.190 ms',
        'yes',
        'old machine; 2026-01-01',
        '`npx tsx bench/run.ts --only=read`',
      ],
      ['accepted order', '<= 0.4 ms', '0.38 ms', 'yes', 'new', '`npx tsx bench/run.ts --only=submit`'],
    ]);
  });

  test('appends a new scenario and leaves the other areas and the text around untouched', () => {
    const out = replaceBenchRows(doc, { area: 'relayer', rows: [row('start-up', '2.1 s')] }, 'new');
    expect(rowsOf(out, 'relayer').map((cells) => cells.slice(0, 4))).toEqual([
      ['uncached page', '<= 0.2 ms', '0.190 ms', 'yes'],
      ['accepted order', '<= 0.4 ms', '0.50 ms', 'no'],
      ['start-up', '<= 0.4 ms', '2.1 s', '-'],
    ]);
    expect(out.slice(out.indexOf('<!-- bench:relayer:end -->'))).toBe(
      doc.slice(doc.indexOf('<!-- bench:relayer:end -->')),
    );
    expect(out.startsWith('# Performance\n<!-- bench:relayer:start -->\n| Scenario ')).toBe(true);
  });

  test('pads every column to its widest cell, as the formatter does', () => {
    const out = replaceBenchRows(
      doc,
      { area: 'web', rows: [row('rows visible, desktop, cold', '1 s')] },
      'm',
    );
    const lines = out
      .split('\n')
      .filter((line, i, all) => line.startsWith('|') && i > all.indexOf('<!-- bench:web:start -->'));
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[1]).toMatch(/^\| -{27} \| -{9} \| -{15} \| -{5} \| -{23} \| -{36} \|$/);
  });

  test('escapes a pipe in a cell and reads it back as one cell', () => {
    const once = replaceBenchRows(doc, { area: 'web', rows: [row('a | b', '1 s')] }, 'm');
    const twice = replaceBenchRows(once, { area: 'web', rows: [row('c', '2 s')] }, 'm');
    expect(rowsOf(twice, 'web').map((cells) => cells[0])).toEqual(['first rows', 'a \\| b', 'c']);
  });

  test('refuses a document without the area markers, naming them', () => {
    expect(() => replaceBenchRows(doc, { area: 'contracts', rows: [row('x', '1')] }, 'm')).toThrow(
      'bench:contracts:start',
    );
  });
});
