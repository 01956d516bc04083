import type { OrderQuery, OrderState } from '@relayer/protocol';

/**
 * States as SQL literals. The state is inlined rather than bound so the planner can match the partial
 * `WHERE state = 'open'` indexes even with a cached generic plan; the value comes from this fixed map.
 */
const STATE_SQL: Record<OrderState, string> = {
  open: "'open'",
  filled: "'filled'",
  cancelled: "'cancelled'",
  expired: "'expired'",
  unfunded: "'unfunded'",
};
const ALL_STATES = Object.keys(STATE_SQL) as OrderState[];

export interface SqlFilter {
  where: string;
  params: unknown[];
}

export type OrderFilterQuery = Pick<
  OrderQuery,
  | 'state'
  | 'makerTokenAddress'
  | 'takerTokenAddress'
  | 'tokenAddress'
  | 'maker'
  | 'baseTokenAddress'
  | 'quoteTokenAddress'
> &
  Partial<Pick<OrderQuery, 'verified'>>;

/** A token of the order's (`side`: its maker_token or taker_token column) that the TokenRegistry lists. */
const verifiedToken = (side: 'maker_token' | 'taker_token') =>
  `EXISTS (SELECT 1 FROM tokens t WHERE t.network = orders.network AND t.address = orders.${side} AND t.verified)`;

/** The WHERE clause of `GET /order` for a network and the query's filters ($1 is the network). */
export function orderFilters(network: string, query: OrderFilterQuery): SqlFilter {
  const params: unknown[] = [network];
  const conditions = ['network = $1'];
  const states = ALL_STATES.filter((state) => query.state.includes(state));
  // Every state is no condition at all; one state stays `state = '…'` for the partial indexes.
  if (states.length === 1) conditions.push(`state = ${STATE_SQL[states[0] as OrderState]}`);
  else if (states.length < ALL_STATES.length)
    conditions.push(`state IN (${states.map((state) => STATE_SQL[state]).join(', ')})`);
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.makerTokenAddress) conditions.push(`maker_token = ${bind(query.makerTokenAddress)}`);
  if (query.takerTokenAddress) conditions.push(`taker_token = ${bind(query.takerTokenAddress)}`);
  if (query.tokenAddress) {
    const token = bind(query.tokenAddress);
    conditions.push(`(maker_token = ${token} OR taker_token = ${token})`);
  }
  if (query.baseTokenAddress && query.quoteTokenAddress) {
    const [base, quote] = [bind(query.baseTokenAddress), bind(query.quoteTokenAddress)];
    conditions.push(
      `((maker_token = ${base} AND taker_token = ${quote}) OR (maker_token = ${quote} AND taker_token = ${base}))`,
    );
  }
  if (query.maker) conditions.push(`maker = ${bind(query.maker)}`);
  if (query.verified === 'only') conditions.push(verifiedToken('maker_token'), verifiedToken('taker_token'));
  return { where: conditions.join(' AND '), params };
}
