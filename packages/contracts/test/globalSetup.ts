import { build } from '../scripts/build.js';

/** Rebuilds the artifacts if a contract changed (a no-op hash check otherwise). */
export default async function setup(): Promise<void> {
  await build();
}
