import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

const archNames: Partial<Record<NodeJS.Architecture, string>> = { x64: 'amd64', arm64: 'arm64' };

/**
 * How to run anvil: `ANVIL_BINARY` if set, else the binary of the platform package installed with
 * `@foundry-rs/anvil` (e.g. `@foundry-rs/anvil-linux-amd64`), else that package's node wrapper,
 * else `anvil` on the PATH.
 */
export function anvilCommand(): { command: string; args: string[] } {
  const fromEnv = process.env.ANVIL_BINARY;
  if (fromEnv) return { command: fromEnv, args: [] };

  const arch = archNames[process.arch];
  if (arch) {
    const binary = packageBin(`@foundry-rs/anvil-${process.platform}-${arch}`);
    if (binary) return { command: binary, args: [] };
  }
  const wrapper = packageBin('@foundry-rs/anvil');
  if (wrapper) return { command: process.execPath, args: [wrapper] };
  return { command: 'anvil', args: [] };
}

function packageBin(name: string): string | undefined {
  let manifestPath: string;
  try {
    manifestPath = require.resolve(`${name}/package.json`);
  } catch {
    return undefined;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.anvil;
  return bin ? join(dirname(manifestPath), bin) : undefined;
}
