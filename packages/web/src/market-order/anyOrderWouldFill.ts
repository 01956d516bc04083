import { exchangeArtifact } from '@relayer/contracts';
import type { Address } from '@relayer/protocol';
import type { PublicClient } from 'viem';
import type { MarketOrderCall } from './buildMarketOrderCall';

/**
 * Whether the batch would fill anything now: each order's fillOrder is simulated alone with its amount
 * (fillOrder returns what it fills). A skipped order changes no state, so the batch fills nothing
 * exactly when no order alone would, and then the fee would buy only LogErrors.
 */
export async function anyOrderWouldFill(
  client: Pick<PublicClient, 'simulateContract'>,
  { exchange, account, call }: { exchange: Address; account: Address; call: MarketOrderCall },
): Promise<boolean> {
  const [addresses, values, amounts, shouldThrow, v, r, s] = call.args;
  const filled = await Promise.all(
    addresses.map(async (orderAddresses, i) => {
      const { result } = await client.simulateContract({
        address: exchange,
        abi: exchangeArtifact.abi,
        account,
        functionName: 'fillOrder',
        args: [
          orderAddresses,
          values[i] as (typeof values)[number],
          amounts[i] ?? 0n,
          shouldThrow,
          v[i] ?? 0,
          r[i] ?? '0x',
          s[i] ?? '0x',
        ],
      });
      return result;
    }),
  );
  return filled.some((amount) => amount > 0n);
}
