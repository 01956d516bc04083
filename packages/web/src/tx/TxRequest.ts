import type { Abi, Address } from 'viem';

/**
 * One contract write as the wallet will send it: the same plain object for every on-chain action
 * (take, market order, cancel, approve, wrap), so each one is estimated, refused and tracked alike.
 * The ABI is a generated artifact's or viem's, never typed by hand.
 */
export interface TxRequest {
  address: Address;
  abi: Abi | readonly unknown[];
  functionName: string;
  args?: readonly unknown[];
  /** Wei sent with the call (a WETH deposit). */
  value?: bigint;
}
