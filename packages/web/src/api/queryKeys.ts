/** Query keys shared across features so invalidation after a write reaches every reader. */
export const queryKeys = {
  tokens: (variant: string) => ['tokens', variant] as const,
  rates: (variant: string) => ['rates', variant] as const,
  networkInfo: (variant: string) => ['networkInfo', variant] as const,
  tokenAccount: (variant: string) => ['tokenAccount', variant] as const,
  ethBalance: (variant: string) => ['ethBalance', variant] as const,
  orders: (variant: string) => ['orders', variant] as const,
  chain: (variant: string) => ['chain', variant] as const,
  coinCatalogue: () => ['coinCatalogue'] as const,
};
