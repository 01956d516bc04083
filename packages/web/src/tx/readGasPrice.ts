import type { PublicClient } from 'viem';

export interface GasPrice {
  /** What one unit of gas is expected to cost in the next block, in wei. */
  weiPerGas: bigint;
  /** The node has EIP-1559 fees: the price is the next block's base fee plus the suggested tip. */
  eip1559: boolean;
}

/**
 * The expected price per gas: with EIP-1559, the next block's base fee (eth_feeHistory answers it after
 * the latest block's) plus the node's suggested priority fee, which is what the transaction pays when
 * its fee cap is not reached; without it, the node's legacy gas price.
 */
export async function readGasPrice(client: PublicClient): Promise<GasPrice> {
  const history = await client.getFeeHistory({ blockCount: 1, rewardPercentiles: [] }).catch(() => undefined);
  const nextBaseFee = history?.baseFeePerGas.at(-1);
  if (nextBaseFee === undefined || nextBaseFee === null) {
    return { weiPerGas: await client.getGasPrice(), eip1559: false };
  }
  const tip = await client.estimateMaxPriorityFeePerGas();
  return { weiPerGas: nextBaseFee + tip, eip1559: true };
}
