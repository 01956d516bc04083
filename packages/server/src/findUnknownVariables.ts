import { CONFIG_VARIABLES } from './configVariables.js';

/**
 * The first word of every name the relayer reads (`METRICS` of `METRICS_TOKEN`, `KOVAN`, `WATCHER`). A
 * variable is taken for one of the relayer's when it is upper case and starts with one of these words
 * and an underscore: the shell's and the tools' own (PATH, HOME, HOSTNAME, NODE_OPTIONS, npm_*,
 * POSTGRES_PASSWORD, TRUSTED_PROXIES) start with none, so they never trip the check.
 */
const FIRST_WORDS = new Set(CONFIG_VARIABLES.map((name) => name.split('_')[0] as string));
/**
 * Variables of the repository's other tools that share a first word with the relayer's and reach its
 * environment through the same `.env` (compose's `env_file`) or a parent script: `npm start`'s and
 * compose's dev-chain port, and where the admin CLI finds the admin API.
 */
const OTHER_TOOLS = ['CHAIN_PORT', 'ADMIN_URL'];
const KNOWN = new Set([...CONFIG_VARIABLES, ...OTHER_TOOLS]);

/**
 * One line per variable of `env` that looks like the relayer's but is none of them, with the closest
 * known name: a misspelt METRICS_TOKN would otherwise leave /metrics open without a word.
 */
export function findUnknownVariables(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (KNOWN.has(name) || env[name] === undefined || !/^[A-Z][A-Z0-9_]*$/.test(name)) continue;
    const underscore = name.indexOf('_');
    if (underscore < 0 || !FIRST_WORDS.has(name.slice(0, underscore))) continue;
    problems.push(`${name} is not a setting of the relayer; did you mean ${closestName(name)}?`);
  }
  return problems;
}

function closestName(name: string): string {
  let best = CONFIG_VARIABLES[0] as string;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const known of CONFIG_VARIABLES) {
    const distance = levenshtein(name, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

/** Edits (insert, delete, replace) from `a` to `b`, one row of the table at a time. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const replace = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(replace, (previous[j] as number) + 1, (row[j - 1] as number) + 1));
    }
    previous = row;
  }
  return previous[b.length] as number;
}
