import type { Address, PublicClient } from 'viem';
import { readGasPrice } from './readGasPrice';
import type { TxRequest } from './TxRequest';
import type { TxRevertError } from './TxRevertError';
import { toTxRevert } from './toTxRevert';

export type TxEstimate =
  | { kind: 'cost'; gas: bigint; weiPerGas: bigint; costWei: bigint; eip1559: boolean }
  /** eth_estimateGas says the call would fail: it is refused before the wallet opens. */
  | { kind: 'reverts'; error: TxRevertError };

/**
 * The gas `request` needs from `account` (eth_estimateGas on the current chain state) and its expected
 * cost in wei. A revert is an answer, not an error; anything else (an unreachable node) throws.
 */
export async function estimateTx({
  client,
  account,
  request,
}: {
  client: PublicClient;
  account: Address;
  request: TxRequest;
}): Promise<TxEstimate> {
  const estimating = client.estimateContractGas({ ...request, account } as Parameters<
    typeof client.estimateContractGas
  >[0]);
  const [gas, price] = await Promise.all([
    estimating.catch((err: unknown) => {
      const error = toTxRevert(err);
      if (error) return error;
      throw err;
    }),
    readGasPrice(client),
  ]);
  if (typeof gas !== 'bigint') return { kind: 'reverts', error: gas };
  return {
    kind: 'cost',
    gas,
    weiPerGas: price.weiPerGas,
    costWei: gas * price.weiPerGas,
    eip1559: price.eip1559,
  };
}
