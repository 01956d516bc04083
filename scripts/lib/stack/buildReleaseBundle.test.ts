import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { releaseHistoryMissing } from './buildReleaseBundle.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const { commit } = JSON.parse(readFileSync(join(repoRoot, 'deploy/previousRelease.json'), 'utf8')) as {
  commit: string;
};
const scratch = mkdtempSync(join(tmpdir(), 'release-history-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('the previous release is read from history, and a shallow clone says why it cannot be', () => {
  expect(commit).toMatch(/^[0-9a-f]{40}$/);
  const shallow = join(scratch, 'shallow');
  execFileSync('git', ['clone', '--quiet', '--depth', '1', `file://${repoRoot}`, shallow], {
    stdio: 'ignore',
  });
  // This checkout may itself be shallow (a CI that fetched one commit): then it says so too.
  const isShallow =
    execFileSync('git', ['-C', repoRoot, 'rev-parse', '--is-shallow-repository'], {
      encoding: 'utf8',
    }).trim() === 'true';
  if (isShallow) expect(releaseHistoryMissing(repoRoot, commit)).toMatch(/shallow clone/);
  else {
    expect(releaseHistoryMissing(repoRoot, commit)).toBeUndefined();
    expect(() => releaseHistoryMissing(repoRoot, '0'.repeat(40))).toThrow(/not in this repository's history/);
  }
  expect(releaseHistoryMissing(shallow, commit)).toMatch(/shallow clone without .*git fetch --unshallow/);
  expect(releaseHistoryMissing(scratch, commit)).toMatch(/is not a git checkout/);
}, 60_000);
