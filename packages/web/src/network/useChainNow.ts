import { useNow } from '../shared/time/useNow';

/**
 * Now by the clock the Exchange judges expiry by (Unix seconds), re-read every 15 s while shown.
 */
export function useChainNow(): bigint {
  const now = useNow();
  return BigInt(Math.floor(now / 1000));
}
