import { useChainClock } from './useChainClock';

/** Now by the clock the Exchange judges expiry by (Unix seconds), re-read every 15 s while shown. */
export function useChainNow(): bigint {
  return useChainClock().nowSec;
}
