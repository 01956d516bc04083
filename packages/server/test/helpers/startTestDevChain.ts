import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DevChain, startDevChain } from '@relayer/devchain';
import { buildOnce } from './buildOnce.js';

/** What the dev chain's content depends on: the compiled contracts and the deploy/seed code. */
const SOURCES = [
  new URL('../../../contracts/src/generated/', import.meta.url),
  new URL('../../../devchain/src/', import.meta.url),
];

/**
 * `startDevChain({port: 0})` without paying for deploying and seeding in every test file: the first
 * file builds the chain once and keeps anvil's state as a template (in the OS temp dir, keyed by a hash
 * of the contracts and the devchain code); later files start anvil on a private copy of it (~1 s
 * instead of ~13 s). Files starting together wait for the one building it.
 */
export async function startTestDevChain(): Promise<DevChain> {
  const template = join(tmpdir(), `relayer-devchain-${sourceHash()}.json`);
  await buildOnce(template, () => buildTemplate(template));
  const dir = mkdtempSync(join(tmpdir(), 'relayer-devchain-'));
  const stateFile = join(dir, 'state.json');
  copyFileSync(template, stateFile);
  const chain = await startDevChain({ port: 0, stateFile });
  return {
    ...chain,
    async stop() {
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function buildTemplate(template: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'relayer-devchain-build-'));
  const stateFile = join(dir, 'state.json');
  const chain = await startDevChain({ port: 0, stateFile });
  await chain.stop();
  renameSync(stateFile, template);
  rmSync(dir, { recursive: true, force: true });
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const dir of SOURCES) {
    for (const name of readdirSync(dir).sort()) {
      const file = new URL(name, dir);
      if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}
