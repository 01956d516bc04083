import type { Address, Hex } from '@relayer/protocol';
import type { ChainReader } from '../chain/createChainReader.js';

/**
 * The formula's terms, from fills of the quote's calls on the local chain (the property test prints
 * what it measures): a first fill of an order writes `filled` and moves two or four token balances,
 * and the transaction's own cost comes once. Generous, so a wallet given it does not run out.
 */
export const QUOTE_GAS_BASE = 60_000n;
export const QUOTE_GAS_PER_ORDER = 110_000n;

export interface QuoteGasInput {
  reader: Pick<ChainReader, 'getTokenFunds' | 'estimateGas'>;
  exchange: Address;
  zrx: Address;
  data: Hex;
  orderCount: number;
  takerAddress: Address | undefined;
  sellToken: Address;
  sellAmount: bigint;
  takerFee: bigint;
}

/**
 * The quote call's gas: the node's `eth_estimateGas` from the taker when given and funded for it
 * (the sell amount and the ZRX taker fee, balance and allowance), since an unfunded taker's fills
 * are refused cheaply and the estimate would be far too low; else the per-order formula.
 */
export async function estimateQuoteGas(input: QuoteGasInput): Promise<bigint> {
  const formula = QUOTE_GAS_BASE + QUOTE_GAS_PER_ORDER * BigInt(input.orderCount);
  const { takerAddress: taker, reader } = input;
  if (input.orderCount === 0) return 0n;
  if (!taker) return formula;
  const needs = new Map<Address, bigint>([[input.sellToken, input.sellAmount]]);
  if (input.takerFee > 0n) needs.set(input.zrx, (needs.get(input.zrx) ?? 0n) + input.takerFee);
  const funded = await Promise.all(
    [...needs].map(async ([token, needed]) => {
      const { balance, allowance } = await reader.getTokenFunds(token, taker);
      return balance >= needed && allowance >= needed;
    }),
  );
  if (!funded.every(Boolean)) return formula;
  return (await reader.estimateGas({ from: taker, to: input.exchange, data: input.data })) ?? formula;
}
