import { readFile } from 'node:fs/promises';
import { addressSchema, tokenSchema } from '@relayer/protocol';
import type { Deployment } from './Deployment.js';
import { deploymentPath } from './deploymentPath.js';

const CORE_KEYS = ['exchange', 'tokenTransferProxy', 'zrx', 'weth', 'tokenRegistry'] as const;

/**
 * Reads a deployment written by `writeDeployment` (by default the one `npm run chain` wrote for chain
 * 50). Checked with protocol's schemas, so a stale or hand-edited file fails here with the field
 * named, not later as a failing contract call.
 */
export async function readDeployment(path: string = deploymentPath(50)): Promise<Deployment> {
  const value = JSON.parse(await readFile(path, 'utf8')) as Partial<Record<keyof Deployment, unknown>>;
  const fail = (field: string): never => {
    throw new Error(`${path} is not a deployment file: bad ${field}`);
  };
  if (typeof value.chainId !== 'number' || !Number.isInteger(value.chainId)) fail('chainId');
  for (const key of CORE_KEYS) if (!addressSchema.safeParse(value[key]).success) fail(key);
  if (value.rpcUrl !== undefined && typeof value.rpcUrl !== 'string') fail('rpcUrl');
  if (!tokenSchema.array().safeParse(value.tokens).success) fail('tokens');
  return value as Deployment;
}
