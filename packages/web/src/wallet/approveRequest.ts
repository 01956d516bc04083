import { type Address, erc20Abi, maxUint256 } from 'viem';
import type { TxRequest } from '../tx/TxRequest';

/** Enabling a token: an unlimited allowance to the TokenTransferProxy, which moves tokens for the Exchange. */
export function approveRequest(token: Address, proxy: Address): TxRequest {
  return { address: token, abi: erc20Abi, functionName: 'approve', args: [proxy, maxUint256] };
}
