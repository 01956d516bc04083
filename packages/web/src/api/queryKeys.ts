/** Query keys shared across features so invalidation after a write reaches every reader. */
export const queryKeys = {
  tokens: (variant: string) => ['tokens', variant] as const,
  rates: (variant: string) => ['rates', variant] as const,
  networkInfo: (variant: string) => ['networkInfo', variant] as const,
  tokenAccount: (variant: string) => ['tokenAccount', variant] as const,
  ethBalance: (variant: string) => ['ethBalance', variant] as const,
  orders: (variant: string) => ['orders', variant] as const,
  chain: (variant: string) => ['chain', variant] as const,
  /** A market's book (`/v0/orderbook`), apart from `orders`: its pages have another shape. */
  orderbook: (variant: string) => ['orderbook', variant] as const,
  /** An account's own orders in every state (My orders); apart from `orders`, which live patches drop rows from. */
  myOrders: (variant: string) => ['myOrders', variant] as const,
  /** One order by hash, any state (the order page). */
  order: (variant: string, hash: string) => ['order', variant, hash] as const,
  trades: (variant: string) => ['trades', variant] as const,
  coinCatalogue: () => ['coinCatalogue'] as const,
};
