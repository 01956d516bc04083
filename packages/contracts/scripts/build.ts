/**
 * Compiles contracts/*.sol with solc-js (standard JSON, offline) and writes typed artifacts to
 * src/generated/ (one `<name>Artifact.ts` per deployable contract plus an index).
 *
 * Skips all work when the sources, the compiler version, the settings and this script are unchanged
 * (their hash is kept in .build-hash). `--force` rebuilds anyway.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const scriptPath = fileURLToPath(import.meta.url);
const packageDir = resolve(dirname(scriptPath), '..');
const contractsDir = join(packageDir, 'contracts');
const outDir = join(packageDir, 'src', 'generated');
const hashFile = join(packageDir, '.build-hash');

/** Pinned compiler settings. Changing them (or solc's version) triggers a rebuild. */
export const compilerSettings = {
  // prague: supported by anvil's default hardfork and by every chain the relayer targets; nothing here
  // benefits from osaka's CLZ, so the older target keeps the bytecode deployable more widely.
  evmVersion: 'prague',
  viaIR: true,
  optimizer: { enabled: true, runs: 1_000_000 },
  // Drop the IPFS/Swarm hash so bytecode does not change with comments or file paths.
  metadata: { bytecodeHash: 'none' },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

interface SolcMessage {
  severity: 'error' | 'warning' | 'info';
  formattedMessage?: string;
  message: string;
}

interface SolcContract {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
}

interface SolcOutput {
  errors?: SolcMessage[];
  contracts?: Record<string, Record<string, SolcContract>>;
}

/** `Exchange` -> `exchange`, `ZRXToken` -> `zrxToken`, `WETH9` -> `weth9`. */
export function lowerCamel(name: string): string {
  const acronym = /^[A-Z]+(?=[A-Z][a-z]|[^A-Za-z]|$)/.exec(name);
  if (acronym) return acronym[0].toLowerCase() + name.slice(acronym[0].length);
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function readSources(): Record<string, { content: string }> {
  const files = readdirSync(contractsDir)
    .filter((file) => file.endsWith('.sol'))
    .sort();
  if (files.length === 0) throw new Error(`no .sol files in ${contractsDir}`);
  return Object.fromEntries(
    files.map((file) => [file, { content: readFileSync(join(contractsDir, file), 'utf8') }]),
  );
}

function solcVersion(): string {
  return (require('solc/package.json') as { version: string }).version;
}

function inputHash(sources: Record<string, { content: string }>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ solc: solcVersion(), settings: compilerSettings }));
  hash.update(readFileSync(scriptPath));
  for (const [name, { content }] of Object.entries(sources)) hash.update(`\0${name}\0${content}`);
  return hash.digest('hex');
}

/**
 * Runs in a worker thread (CommonJS, eval'd): compiles each given file as its own compilation unit, so
 * a contract's bytecode never depends on which other files were compiled with it. Imports are read
 * from contracts/ only; nothing is fetched.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { existsSync, readFileSync } = require('node:fs');
const { basename, join } = require('node:path');
const solc = require(workerData.solcPath);
const findImports = (path) => {
  const file = join(workerData.contractsDir, basename(path));
  return existsSync(file) ? { contents: readFileSync(file, 'utf8') } : { error: 'import not found: ' + path };
};
parentPort.on('message', (file) => {
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(join(workerData.contractsDir, file), 'utf8') } },
    settings: workerData.settings,
  };
  parentPort.postMessage({ file, output: solc.compile(JSON.stringify(input), { import: findImports }) });
});
`;

/** Compiles every file on a small pool of worker threads (solc-js is single-threaded). */
async function compile(files: string[]): Promise<Map<string, SolcOutput>> {
  // Biggest first, so the long compilations start early.
  const queue = [...files].sort(
    (a, b) => readFileSync(join(contractsDir, b)).length - readFileSync(join(contractsDir, a)).length,
  );
  const outputs = new Map<string, SolcOutput>();
  const workerCount = Math.max(1, Math.min(availableParallelism(), queue.length, 4));
  const workerData = { solcPath: require.resolve('solc'), contractsDir, settings: compilerSettings };
  await Promise.all(
    Array.from({ length: workerCount }, async () => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
      try {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          const current = file;
          const result = await new Promise<{ file: string; output: string }>((resolveResult, reject) => {
            worker.once('message', resolveResult);
            worker.once('error', reject);
            worker.postMessage(current);
          });
          worker.removeAllListeners('error');
          outputs.set(result.file, JSON.parse(result.output) as SolcOutput);
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  return outputs;
}

function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

function artifactModule(contractName: string, source: string, contract: SolcContract): string {
  const exportName = `${lowerCamel(contractName)}Artifact`;
  return [
    `// Generated by scripts/build.ts from contracts/${source}. Do not edit.`,
    `export const ${exportName} = {`,
    `  contractName: ${JSON.stringify(contractName)},`,
    `  abi: ${JSON.stringify(contract.abi, null, 2).replaceAll('\n', '\n  ')},`,
    `  bytecode: '0x${contract.evm.bytecode.object}',`,
    `  deployedBytecode: '0x${contract.evm.deployedBytecode.object}',`,
    '} as const;',
    '',
  ].join('\n');
}

export async function build({ force = false } = {}): Promise<{ skipped: boolean; contracts: string[] }> {
  const sources = readSources();
  const hash = inputHash(sources);
  const upToDate =
    existsSync(hashFile) &&
    readFileSync(hashFile, 'utf8').trim() === hash &&
    existsSync(join(outDir, 'index.ts'));
  if (upToDate && !force) return { skipped: true, contracts: [] };

  const outputs = await compile(Object.keys(sources));
  // Imported files are reported by every unit that imports them: print each message once.
  const messages = new Map<string, SolcMessage>();
  for (const output of outputs.values()) {
    for (const message of output.errors ?? [])
      messages.set(message.formattedMessage ?? message.message, message);
  }
  for (const [text, message] of messages) if (message.severity !== 'error') process.stderr.write(`${text}\n`);
  const errors = [...messages].filter(([, m]) => m.severity === 'error').map(([text]) => text);
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.join('\n')}`);

  mkdirSync(outDir, { recursive: true });
  const written = new Set<string>(['index.ts']);
  const exports: string[] = [];
  for (const [source, output] of [...outputs].sort(([a], [b]) => a.localeCompare(b))) {
    // Each contract is taken from the unit of its own file.
    for (const [contractName, contract] of Object.entries(output.contracts?.[source] ?? {})) {
      // Abstract contracts and interfaces have no bytecode and are not deployable.
      if (contract.evm.bytecode.object === '') continue;
      const exportName = `${lowerCamel(contractName)}Artifact`;
      writeAtomically(join(outDir, `${exportName}.ts`), artifactModule(contractName, source, contract));
      written.add(`${exportName}.ts`);
      exports.push(`export { ${exportName} } from './${exportName}.js';`);
    }
  }
  exports.sort();
  writeAtomically(
    join(outDir, 'index.ts'),
    ['// Generated by scripts/build.ts. Do not edit.', ...exports, ''].join('\n'),
  );
  for (const file of readdirSync(outDir)) {
    if (!written.has(file) && !file.endsWith('.tmp')) rmSync(join(outDir, file));
  }
  writeAtomically(hashFile, `${hash}\n`);
  return { skipped: false, contracts: [...written].filter((f) => f !== 'index.ts') };
}

if (process.argv[1] && resolve(process.argv[1]) === scriptPath) {
  const started = performance.now();
  try {
    const result = await build({ force: process.argv.includes('--force') });
    const ms = Math.round(performance.now() - started);
    console.log(
      result.skipped
        ? `contracts: up to date (${ms} ms)`
        : `contracts: compiled ${result.contracts.length} artifacts with solc ${solcVersion()} (${ms} ms)`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
