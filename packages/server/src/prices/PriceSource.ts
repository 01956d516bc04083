import type { Address, PriceSourceName } from '@relayer/protocol';

/** One USD price as a source gave it. */
export interface PriceQuote {
  /** Exact positive decimal. */
  price: string;
  source: PriceSourceName;
  /** Unix ms the source gave for the price, or when it was fetched; null for static examples. */
  asOf: number | null;
}

/** A token contract to price by address. */
export interface ContractRef {
  chainId: number;
  address: Address;
  /** The token registry lists it: priced before any unverified token (absent: unverified). */
  verified?: boolean;
}

/** What one refresh brought: prices by upper-case market symbol and by `contractKey`, and what failed. */
export interface PriceBatch {
  symbols: Map<string, PriceQuote>;
  contracts: Map<string, PriceQuote>;
  failures: { request: string; reason: string }[];
}

/** A market-data API of one format, bound to the one host the operator configured. */
export interface PriceSource {
  readonly name: Exclude<PriceSourceName, 'static'>;
  /** Chains whose token contracts this source can price by address (none for the ticker format). */
  readonly contractChains: ReadonlySet<number>;
  fetchPrices(contracts: readonly ContractRef[], signal: AbortSignal): Promise<PriceBatch>;
}

/** What every HTTP source adapter is built from. */
export interface HttpSourceOptions {
  /** The configured base URL; every request goes to its host. */
  url: string;
  timeoutMs: number;
  headers: Readonly<Record<string, string>>;
  fetch: typeof fetch;
  now: () => number;
}
