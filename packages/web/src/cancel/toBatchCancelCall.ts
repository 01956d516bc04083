import type { exchangeArtifact } from '@relayer/contracts';
import { type OrderRecord, orderToContractArgs } from '@relayer/protocol';
import type { ContractFunctionArgs } from 'viem';
import { baseUnits } from '../format/amounts';

type Abi = typeof exchangeArtifact.abi;

/** The Exchange call that cancels several orders at once, as a request any writer can send. */
export interface BatchCancelCall {
  functionName: 'batchCancelOrders';
  args: ContractFunctionArgs<Abi, 'nonpayable', 'batchCancelOrders'>;
}

/**
 * One `batchCancelOrders` for all `orders` (PROTOCOL.md §4.2, §4.7): parallel arrays of their addresses,
 * values and the amount to cancel of each, which is what remains of its taker amount.
 */
export function toBatchCancelCall(orders: readonly OrderRecord[]): BatchCancelCall {
  const args = orders.map(orderToContractArgs);
  return {
    functionName: 'batchCancelOrders',
    args: [
      args.map((a) => a.orderAddresses),
      args.map((a) => a.orderValues),
      orders.map((order) => baseUnits(order.remainingTakerTokenAmount)),
    ],
  };
}
