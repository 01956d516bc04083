/**
 * `npm run mutation`: plants each bug of lib/mutants.ts in turn, runs only the tests meant to catch it,
 * and requires them to fail. First each group of tests runs once unmutated and must pass, so a failure
 * under a mutant is the mutant's doing. The file is restored after every mutant, also on Ctrl-C. Exits
 * non-zero, naming them, if any mutant survives. Too slow for `npm test`; run at least once per release.
 *
 *   npm run mutation               every mutant
 *   npm run mutation -- rounding   only the mutants whose name contains "rounding"
 *   npm run mutation -- packages/server   only the mutants of one workspace
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutants } from './lib/mutants.ts';
import { type Mutant, plantMutant } from './lib/plantMutant.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv[2];
const chosen = filter ? mutants.filter((m) => m.name.includes(filter) || m.workspace === filter) : mutants;
if (chosen.length === 0) throw new Error(`no mutant's name or workspace matches "${filter}"`);

for (const m of chosen) {
  for (const test of m.tests) {
    if (!existsSync(`${root}/${m.workspace}/${test}`)) {
      throw new Error(`mutant "${m.name}": test file ${m.workspace}/${test} does not exist`);
    }
  }
}

let running: ReturnType<typeof spawn> | undefined;

/** Runs a mutant's tests; `passed` when they all pass. */
function runTests(m: Mutant): Promise<{ passed: boolean; seconds: number; output: string }> {
  const started = performance.now();
  const child = spawn('npx', ['vitest', 'run', ...m.tests, ...(m.args ?? [])], {
    cwd: `${root}/${m.workspace}`,
    env: { ...process.env, ...m.env, FORCE_COLOR: '0' },
    // Its own process group, so an interrupted check stops the whole test run with it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      running = undefined;
      resolve({ passed: code === 0, seconds: (performance.now() - started) / 1000, output });
    });
  });
}

const started = performance.now();
const baselines = new Set<string>();
for (const m of chosen) {
  const key = JSON.stringify([m.workspace, m.tests, m.args, m.env]);
  if (baselines.has(key)) continue;
  const run = await runTests(m);
  console.log(
    `baseline ${run.passed ? 'passes' : 'FAILS'} (${run.seconds.toFixed(1)} s): ${m.workspace} ${m.tests.join(' ')}`,
  );
  if (!run.passed) {
    console.log(run.output.slice(-4000));
    throw new Error('the unmutated tests must pass before a mutant can be judged');
  }
  baselines.add(key);
}

const survivors: string[] = [];
let restore: (() => void) | undefined;
const restoreOnSignal = () => {
  restore?.();
  if (running?.pid) process.kill(-running.pid, 'SIGTERM');
  process.exit(130);
};
process.on('SIGINT', restoreOnSignal);
process.on('SIGTERM', restoreOnSignal);
for (const m of chosen) {
  restore = plantMutant(root, m);
  try {
    const run = await runTests(m);
    console.log(`${run.passed ? 'SURVIVED' : 'caught  '} (${run.seconds.toFixed(1)} s) ${m.name}`);
    if (run.passed) survivors.push(`${m.name} (${m.file}; ${m.tests.join(', ')})`);
  } finally {
    restore();
    restore = undefined;
  }
}

const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(`\n${chosen.length} mutants, ${chosen.length - survivors.length} caught, ${seconds} s`);
if (survivors.length > 0) {
  console.error(
    `survived (a test that should catch each passed with it planted):\n  ${survivors.join('\n  ')}`,
  );
  process.exit(1);
}
