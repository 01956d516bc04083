/**
 * Model-based differential test: seeded random sequences of fills, fill-or-kills, batches,
 * fillOrdersUpTo, cancels, batch cancels, funding and allowance changes and time jumps, run on the
 * deployed contracts and on the executable model of PROTOCOL.md §4 (test/model), compared after every
 * step (see test/differential/runScenario.ts). Orders are normal, fee-charging, ZRX-as-token,
 * taker-restricted, expired, badly signed, on misbehaving and on codeless tokens, with amounts from 1
 * to 2^256-1.
 *
 * Besides agreeing, a run must reach every outcome often enough (differential/outcomeShares.ts): fills,
 * each LogError id and reverts, each above a least share of the transactions sent.
 *
 * EXCHANGE_DIFF_OPS (default 2,000): operations to run at least. FC_SEED (and EXCHANGE_DIFF_PATH)
 * replay a failure that fast-check reported; the seed is printed on every run.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type DifferentialWorld, deployDifferentialWorld } from './differential/deployDifferentialWorld.js';
import { MINIMUM_SHARES, outcomeShares } from './differential/outcomeShares.js';
import { Divergence, runScenario } from './differential/runScenario.js';
import { scenarioArbitrary } from './differential/scenarioArbitrary.js';
import { useAnvil } from './helpers/chain.js';
import { TEST_SEED } from './helpers/testSeed.js';

const TARGET_OPS = Number(process.env.EXCHANGE_DIFF_OPS ?? 2000);
const PATH = process.env.EXCHANGE_DIFF_PATH;
/** Scenarios hold 1-40 operations (20.5 on average); this many runs give the target with a wide margin. */
const RUNS = Math.ceil(TARGET_OPS / 14);

const chain = useAnvil();

test(
  `the contracts and the model agree on ${TARGET_OPS}+ random operations`,
  async () => {
    const world: DifferentialWorld = await deployDifferentialWorld(chain.get());
    let operations = 0;
    const outcomes = new Map<string, number>();
    const tally = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    const seed = TEST_SEED;
    const result = await fc.check(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        operations += await runScenario(world, scenario, tally);
      }),
      { seed, path: PATH, numRuns: PATH ? 1 : RUNS, endOnFailure: false },
    );
    if (result.failed) {
      // fast-check shrinks the sequence; the steps after the failing one never ran, so they are cut.
      const [shrunk] = result.counterexample ?? [];
      const failedStep = result.errorInstance instanceof Divergence ? result.errorInstance.step : undefined;
      const shortest =
        shrunk && failedStep !== undefined ? { ...shrunk, ops: shrunk.ops.slice(0, failedStep + 1) } : shrunk;
      throw new Error(
        [
          `The contracts and the model disagree (seed ${result.seed}, path ${result.counterexamplePath}, shrunk ${result.numShrinks} times).`,
          `Replay: FC_SEED=${result.seed} EXCHANGE_DIFF_PATH=${result.counterexamplePath} npx vitest run test/exchangeDifferential.test.ts`,
          '',
          String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance),
          '',
          `Shortest sequence: ${fc.stringify(shortest)}`,
        ].join('\n'),
      );
    }
    const summary = [...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `  ${k}: ${n}`);
    console.log(
      `differential test: ${operations} operations in ${result.numRuns} sequences, seed ${seed}\n${summary.join('\n')}`,
    );
    if (!PATH) {
      expect(operations).toBeGreaterThanOrEqual(TARGET_OPS);
      const shares = outcomeShares(outcomes);
      for (const [outcome, least] of Object.entries(MINIMUM_SHARES)) {
        expect(
          shares[outcome as keyof typeof shares],
          `share of ${outcome} among the transactions (seed ${seed})`,
        ).toBeGreaterThanOrEqual(least);
      }
    }
  },
  Math.max(600_000, TARGET_OPS * 100),
);
