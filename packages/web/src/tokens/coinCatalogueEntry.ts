import { coinSlug } from '@relayer/protocol';

/** One coin as SPEC §3 describes a catalogue entry (field names and string types kept as specified). */
export interface CoinCatalogueEntry {
  Id: string;
  Url: string;
  /** A bundled asset URL; absent when the icon set has no image for the coin. */
  ImageUrl?: string;
  Name: string;
  Symbol: string;
  CoinName: string;
  FullName: string;
  Algorithm: string;
  ProofType: string;
  FullyPremined: '0' | '1';
  /** A number as a string, 'N/A', or '0' for unknown/unlimited. */
  TotalCoinSupply: string;
  PreMinedValue: 'N/A';
  TotalCoinsFreeFloat: 'N/A';
  /** Rank, as a numeric string. */
  SortOrder: string;
  Sponsored: false;
  /**
   * Not in SPEC §3: the coin's token contracts per chain id (protocol's `knownCoins`), lower case. A
   * listed token is this coin when its address is here, or when the token registry lists it under this
   * symbol (`coinForToken`); never because it calls itself so.
   */
  addresses: Readonly<Partial<Record<number, readonly string[]>>>;
}

export interface CoinFacts {
  symbol: string;
  coinName: string;
  algorithm: string;
  proofType: string;
  fullyPremined: boolean;
  totalCoinSupply: string;
  addresses?: Readonly<Partial<Record<number, readonly string[]>>>;
}

/** Builds an entry from the facts; rank doubles as the id, so both stay unique. */
export function coinCatalogueEntry(facts: CoinFacts, rank: number, imageUrl?: string): CoinCatalogueEntry {
  return {
    Id: String(rank),
    Url: `/coins/${coinSlug(facts.symbol)}/overview`,
    ...(imageUrl ? { ImageUrl: imageUrl } : {}),
    Name: facts.symbol,
    Symbol: facts.symbol,
    CoinName: facts.coinName,
    FullName: `${facts.coinName} (${facts.symbol})`,
    Algorithm: facts.algorithm,
    ProofType: facts.proofType,
    FullyPremined: facts.fullyPremined ? '1' : '0',
    TotalCoinSupply: facts.totalCoinSupply,
    PreMinedValue: 'N/A',
    TotalCoinsFreeFloat: 'N/A',
    SortOrder: String(rank),
    Sponsored: false,
    addresses: facts.addresses ?? {},
  };
}
