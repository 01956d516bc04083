import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Deployment } from './Deployment.js';
import { deploymentPath } from './deploymentPath.js';
import { readDeployment } from './readDeployment.js';
import { writeDeployment } from './writeDeployment.js';

const deployment: Deployment = {
  chainId: 50,
  rpcUrl: 'http://127.0.0.1:8545',
  exchange: '0x48bacb9266a570d521063ef5dd96e61686dbe788',
  tokenTransferProxy: '0x1dc4c1cefef38a777b15aa20260a54e584b16c48',
  zrx: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
  weth: '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
  tokenRegistry: '0x0b1ba0af832d7c05fd64161e0db78e85978e8082',
  tokens: [
    {
      address: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
      name: '0x Protocol Token',
      symbol: 'ZRX',
      decimals: 18,
    },
  ],
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'devchain-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('the default file is per chain id, in the package’s git-ignored .data folder', () => {
  expect(deploymentPath(50)).toMatch(/packages\/devchain\/\.data\/deployment\.50\.json$/);
  expect(deploymentPath(4242)).toMatch(/deployment\.4242\.json$/);
});

test('a written deployment reads back equal, creating missing folders', async () => {
  const path = await writeDeployment(deployment, join(dir, 'nested', 'deployment.json'));
  expect(await readDeployment(path)).toEqual(deployment);
});

test('a file with a checksummed or missing address is refused, naming the field', async () => {
  const path = join(dir, 'bad.json');
  await writeFile(
    path,
    JSON.stringify({ ...deployment, weth: '0x871DD7C2B4B25E1AA18728E9D5F2AF4C4E431F5C' }),
  );
  await expect(readDeployment(path)).rejects.toThrow(/bad weth/);
  const { exchange: _, ...withoutExchange } = deployment;
  await writeFile(path, JSON.stringify(withoutExchange));
  await expect(readDeployment(path)).rejects.toThrow(/bad exchange/);
  expect(JSON.parse(await readFile(path, 'utf8')).exchange).toBeUndefined();
});
