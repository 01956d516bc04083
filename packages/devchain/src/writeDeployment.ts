import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Deployment } from './Deployment.js';
import { deploymentPath } from './deploymentPath.js';

/**
 * Writes the deployment as JSON and returns the path. Written to a temporary file and renamed, so a
 * server watching or reading the file never sees half of it.
 */
export async function writeDeployment(deployment: Deployment, path = deploymentPath(deployment.chainId)) {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(deployment, null, 2)}\n`);
  await rename(temporary, path);
  return path;
}
