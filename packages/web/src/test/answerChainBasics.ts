import { numberToHex } from 'viem';

/**
 * What every fake node answers alike: the chain id, a fixed head block, gas prices and estimates, and
 * nonce 0. Undefined for any other method, which the node in question answers itself.
 */
export function answerChainBasics(method: string, chainId: number): unknown {
  switch (method) {
    case 'eth_chainId':
      return numberToHex(chainId);
    case 'eth_blockNumber':
      return '0x10';
    case 'eth_gasPrice':
    case 'eth_maxPriorityFeePerGas':
      return '0x1';
    case 'eth_estimateGas':
      return '0x30000';
    case 'eth_feeHistory':
      return { oldestBlock: '0x10', baseFeePerGas: ['0x1', '0x1'], gasUsedRatio: [0], reward: [] };
    case 'eth_getTransactionCount':
      return '0x0';
    case 'eth_getBlockByNumber':
      return {
        number: '0x10',
        timestamp: '0x1',
        baseFeePerGas: '0x1',
        hash: `0x${'e'.repeat(64)}`,
        transactions: [],
      };
    default:
      return undefined;
  }
}
