import type { Token } from '@relayer/protocol';
import type { Address } from 'viem';

/** The five contracts of a 0x v1 system, addresses in lower case (the 0x JSON `/Address` form). */
export interface CoreAddresses {
  exchange: Address;
  tokenTransferProxy: Address;
  zrx: Address;
  weth: Address;
  tokenRegistry: Address;
}

/**
 * What the other packages need to talk to a deployed system. `tokens` mirrors the TokenRegistry
 * (ZRX and WETH first, then any test tokens) so readers need no chain round-trip to list them.
 */
export interface Deployment extends CoreAddresses {
  chainId: number;
  rpcUrl?: string;
  tokens: Token[];
}
