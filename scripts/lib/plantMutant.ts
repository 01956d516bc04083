import { readFileSync, writeFileSync } from 'node:fs';

/** One planted bug: `anchor` (found exactly once in `file`) replaced by `replacement`. */
export interface Mutant {
  name: string;
  /** Repository-relative path of the file the bug goes in. */
  file: string;
  anchor: string;
  replacement: string;
  /** The workspace whose tests should catch it (its folder, repository-relative). */
  workspace: string;
  /** Test files (workspace-relative) that must fail with the bug in place. */
  tests: string[];
  /** Extra vitest arguments (a test name filter). */
  args?: string[];
  /** Extra environment for those tests (a shorter or fixed-seed run). */
  env?: Record<string, string>;
}

/**
 * Writes the mutant into its file and returns the function that puts the original text back. Throws,
 * naming the mutant, when the anchor is missing or not unique: a moved or edited file must stop the
 * check rather than let a mutant silently test nothing.
 */
export function plantMutant(root: string, mutant: Mutant): () => void {
  const path = `${root}/${mutant.file}`;
  const original = readFileSync(path, 'utf8');
  const first = original.indexOf(mutant.anchor);
  if (first < 0)
    throw new Error(`mutant "${mutant.name}": anchor not found in ${mutant.file}: ${mutant.anchor}`);
  if (original.indexOf(mutant.anchor, first + 1) >= 0) {
    throw new Error(
      `mutant "${mutant.name}": anchor occurs more than once in ${mutant.file}: ${mutant.anchor}`,
    );
  }
  writeFileSync(
    path,
    original.replace(mutant.anchor, () => mutant.replacement),
  );
  return () => writeFileSync(path, original);
}
