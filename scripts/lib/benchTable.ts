/** One scenario's line in an area's table of docs/PERFORMANCE.md. */
export interface BenchRow {
  /** What was measured; also the row's identity: a new report replaces the row of the same scenario. */
  scenario: string;
  target: string;
  /** The median figure, with its unit. */
  figure: string;
  /** Whether the figure meets the target; undefined where the target is not a bound on this figure. */
  meets?: boolean;
  /** The command that reproduces the figure, run from the repository root. */
  command: string;
}

export interface BenchReport {
  /** The marker name: rows go between `<!-- bench:AREA:start -->` and `<!-- bench:AREA:end -->`. */
  area: string;
  rows: BenchRow[];
}

const HEADER = ['Scenario', 'Target', 'Figure (median)', 'Meets', 'Machine and date', 'Command'];

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The cells of a table line, unescaped; undefined for a line that is not a table row. */
function cellsOf(line: string): string[] | undefined {
  if (!line.startsWith('|')) return undefined;
  const cells: string[] = [];
  let cell = '';
  for (let i = 1; i < line.length; i++) {
    const char = line[i];
    if (char === '\\' && line[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (char === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  return cells;
}

/**
 * `doc` with the area's table rewritten: the reported rows replace the rows of the same scenario (in
 * place), new scenarios are appended, and rows the report does not name are kept, so a bench run with
 * `--only` refreshes its own rows alone. `machine` is written beside each reported row.
 */
export function replaceBenchRows(doc: string, report: BenchReport, machine: string): string {
  const start = `<!-- bench:${report.area}:start -->`;
  const end = `<!-- bench:${report.area}:end -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/PERFORMANCE.md has no ${start} ... ${end} markers`);
  const kept = doc
    .slice(from + start.length, to)
    .split('\n')
    .map(cellsOf)
    .filter((cells): cells is string[] => cells !== undefined && cells.length === HEADER.length)
    .filter((cells) => cells[0] !== HEADER[0] && !cells[0]?.startsWith('---'));
  const cellsFor = (row: BenchRow) => [
    row.scenario,
    row.target,
    row.figure,
    row.meets === undefined ? '-' : row.meets ? 'yes' : 'no',
    machine,
    `\`${row.command}\``,
  ];
  const byScenario = new Map(report.rows.map((row) => [row.scenario, row]));
  const body = kept.map((cells) => {
    const row = byScenario.get(cells[0] ?? '');
    if (!row) return cells;
    byScenario.delete(row.scenario);
    return cellsFor(row);
  });
  for (const row of byScenario.values()) body.push(cellsFor(row));
  return `${doc.slice(0, from + start.length)}\n${formatTable([HEADER, ...body])}\n${doc.slice(to)}`;
}

/** A Markdown table with every column padded to its widest cell, as the repository's formatter lays it out. */
function formatTable(rows: string[][]): string {
  const escaped = rows.map((cells) => cells.map(escapeCell));
  const widths = HEADER.map((_, i) => Math.max(3, ...escaped.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [header, ...body] = escaped;
  return [line(header ?? []), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
