import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { build, compilerSettings, lowerCamel } from '../scripts/build.js';
import * as artifacts from '../src/index.js';

describe('build script', () => {
  test('names artifacts in lower camel case', () => {
    expect(['Exchange', 'ZRXToken', 'WETH9', 'TokenTransferProxy', 'DummyToken'].map(lowerCamel)).toEqual([
      'exchange',
      'zrxToken',
      'weth9',
      'tokenTransferProxy',
      'dummyToken',
    ]);
  });

  test('skips all work when nothing changed', async () => {
    const started = performance.now();
    expect(await build()).toEqual({ skipped: true, contracts: [] });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test('pins the EVM version and the optimizer', () => {
    expect(compilerSettings).toMatchObject({
      evmVersion: 'prague',
      viaIR: true,
      optimizer: { enabled: true },
    });
  });

  test('the package exports the artifacts other packages import', () => {
    expect(Object.keys(artifacts).sort()).toEqual([
      'dummyTokenArtifact',
      'exchangeArtifact',
      'falseReturningTokenArtifact',
      'lyingTokenArtifact',
      'maliciousTokenArtifact',
      'tokenRegistryArtifact',
      'tokenTransferProxyArtifact',
      'transferProbeArtifact',
      'weth9Artifact',
      'zrxTokenArtifact',
    ]);
    expect(artifacts.exchangeArtifact.contractName).toBe('Exchange');
  });

  test('every deployable contract has a generated file', () => {
    const sources = readdirSync(new URL('../contracts', import.meta.url)).filter((f) => f.endsWith('.sol'));
    const abstract = ['Ownable.sol', 'UnlimitedAllowanceToken.sol'];
    const generated = readdirSync(new URL('../src/generated', import.meta.url));
    for (const source of sources.filter((s) => !abstract.includes(s))) {
      expect(generated).toContain(`${lowerCamel(source.replace('.sol', ''))}Artifact.ts`);
    }
  });
});
