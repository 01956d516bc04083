import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { useNow } from '../shared/time/useNow';
import { chainNow } from './chainNow';
import { CHAIN_REFRESH_MS, chainQuery } from './chainQuery';

export interface ChainClock {
  /** Now by the clock the Exchange judges expiry by (Unix seconds). */
  nowSec: bigint;
  /** `chain` when the relayer reported its chain clock, `local` when this computer's clock stands in. */
  source: 'chain' | 'local';
  /** The relayer refuses (and prunes) orders this close to expiry; 0 until it said. */
  expiryMarginSec: number;
  /** The relayer refuses orders expiring further ahead than this; 0 when it sets no cap (or has not said). */
  maxExpirySec: number;
  /** Now by the same clock at this very moment (for a check made on a click, between ticks). */
  readNowSec(): bigint;
}

/**
 * The chain's clock as the relayer keeps it (`GET {prefix}/chain`), ticking here between readings
 * and re-read every 15 s and whenever the order book changes: "expires in" and "expired" follow what
 * the Exchange will do, not this computer's clock.
 */
export function useChainClock(): ChainClock {
  const api = useRelayerApi();
  const { key } = useVariant();
  const { data, dataUpdatedAt, errorUpdatedAt, refetch } = useQuery(chainQuery(api, key));
  const now = useNow();
  // Re-read on the shared 15 s tick rather than one interval per reader: every reader re-renders on
  // the same tick, and a refetch in flight is joined, so the page asks once.
  const readAt = Math.max(dataUpdatedAt, errorUpdatedAt);
  useEffect(() => {
    if (readAt > 0 && now - readAt >= CHAIN_REFRESH_MS) void refetch({ cancelRefetch: false });
  }, [now, readAt, refetch]);
  return {
    nowSec: chainNow(data, now),
    source: data ? 'chain' : 'local',
    expiryMarginSec: data?.expiryMarginSec ?? 0,
    maxExpirySec: data?.maxExpirySec ?? 0,
    readNowSec: () => chainNow(data, Date.now()),
  };
}
