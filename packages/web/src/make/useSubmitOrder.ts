import { generateSalt, hashOrder, parseSignature } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useNotify } from '../notifications/useNotify';
import { failureText } from '../shared/orderDialog/failureText';
import { useWallet } from '../wallet/useWallet';
import { buildOrder, toFeesRequest } from './buildOrder';
import type { MakeOrderInput } from './validateMakeOrder';

/**
 * SPEC §4 "Submit order", corrected: the relayer's fee policy, the order hash, a `personal_sign` of it by
 * the maker, the signature parsed and verified (VRS or RSV), then `POST /order/new`. Resolves true when
 * the order was added; failures are notified and logged.
 */
export function useSubmitOrder(): (input: MakeOrderInput) => Promise<boolean> {
  const api = useRelayerApi();
  const networkInfo = useNetworkInfo();
  const { address, walletClient } = useWallet();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { key } = useVariant();

  return useCallback(
    async (input) => {
      try {
        if (!address || !walletClient?.account) throw new Error('Connect your wallet to make an order');
        if (!networkInfo) throw new Error('The relayer settings have not loaded yet: try again in a moment');
        const parties = {
          maker: address,
          exchangeContractAddress: networkInfo.exchange,
          salt: generateSalt(),
        };
        const fees = await api.getFees(toFeesRequest(input, parties));
        const order = buildOrder(input, parties, fees);
        const orderHash = hashOrder(order);
        const signature = await walletClient.signMessage({
          account: walletClient.account,
          message: { raw: orderHash },
        });
        const ecSignature = parseSignature(signature, orderHash, address);
        await api.postOrder({ ...order, ecSignature });
        notify({ type: 'success', text: 'Order Added' });
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders(key) });
        return true;
      } catch (err) {
        console.error('Order submission failed', err);
        notify({ type: 'error', text: failureText(err), noKill: true });
        return false;
      }
    },
    [address, walletClient, networkInfo, api, notify, queryClient, key],
  );
}
