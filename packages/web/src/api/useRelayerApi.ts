import { useMemo } from 'react';
import { useVariant } from '../config/useVariant';
import { createRelayerApi, type RelayerApi } from './relayerApi';

/** The relayer API of the network this page serves. */
export function useRelayerApi(): RelayerApi {
  const { relayerUrl } = useVariant();
  return useMemo(() => createRelayerApi(relayerUrl), [relayerUrl]);
}
