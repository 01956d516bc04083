/**
 * ASCII letters and digits that pass for others in a symbol, beyond what Unicode's confusables table
 * maps (it already makes `m` and `rn`, `1`, `I` and `l`, `0` and `O` one). Applied to a skeleton, longest
 * first. Chosen so that the catalogue's and the dev chain's real symbols stay apart
 * (asciiLookalikeFold.test.ts holds them against each other).
 */
const FOLDS: readonly (readonly [from: string, to: string])[] = [
  ['VV', 'W'],
  ['vv', 'w'],
  ['cl', 'd'],
  ['5', 'S'],
  ['8', 'B'],
  ['2', 'Z'],
  ['6', 'G'],
];

const PATTERN = new RegExp(FOLDS.map(([from]) => from).join('|'), 'g');
const TO = new Map(FOLDS);

/** `skeleton` with each lookalike in `FOLDS` replaced by the letter it passes for: `U5DC` is `USDC`. */
export function asciiLookalikeFold(skeleton: string): string {
  return skeleton.replace(PATTERN, (from) => TO.get(from) ?? from);
}
