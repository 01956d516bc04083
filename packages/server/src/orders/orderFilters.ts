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

export interface SqlFilter {
  where: string;
  params: unknown[];
}

/** The WHERE clause of `GET /order` for a network and the query's filters ($1 is the network). */
export function orderFilters(
  network: string,
  query: Pick<OrderQuery, 'state' | 'makerTokenAddress' | 'takerTokenAddress' | 'tokenAddress' | 'maker'>,
): SqlFilter {
  const params: unknown[] = [network];
  const conditions = ['network = $1', `state = ${STATE_SQL[query.state]}`];
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
  if (query.maker) conditions.push(`maker = ${bind(query.maker)}`);
  return { where: conditions.join(' AND '), params };
}
