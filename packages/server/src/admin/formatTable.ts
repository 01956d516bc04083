/** Rows as a plain-text table: a header line, then one line per row, columns padded to their widest cell. */
export function formatTable(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = [columns, ...rows.map((row) => columns.map((column) => String(row[column] ?? '')))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => (line[i] ?? '').length)));
  return cells
    .map((line) =>
      line
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
