import { beforeAll } from 'vitest';
import { useAnvil, useSnapshotPerTest } from './chain.js';
import { deploySystem, type System } from './system.js';

/** A private anvil with the system deployed once and reverted after every test. */
export function useSystem() {
  const chain = useAnvil();
  let deployed: System | undefined;
  beforeAll(async () => {
    deployed = await deploySystem(chain.get());
  });
  useSnapshotPerTest(chain);
  return {
    chain: () => chain.get(),
    system: (): System => {
      if (!deployed) throw new Error('system not deployed yet');
      return deployed;
    },
  };
}
