import type { Hex, OrderRecord } from '@relayer/protocol';
import { useCallback, useMemo, useState } from 'react';

/** The orders ticked on My orders, by hash, with their records (some may be on pages not loaded). */
export function useOrderSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<Hex, OrderRecord>>(() => new Map());
  const toggle = useCallback((order: OrderRecord, on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(order.orderHash, order);
      else next.delete(order.orderHash);
      return next;
    });
  }, []);
  const add = useCallback((orders: readonly OrderRecord[]) => {
    setSelected(
      (current) => new Map([...current, ...orders.map((order) => [order.orderHash, order] as const)]),
    );
  }, []);
  const clear = useCallback(() => setSelected(new Map()), []);
  const orders = useMemo(() => [...selected.values()], [selected]);
  return { orders, has: (hash: Hex) => selected.has(hash), toggle, add, clear };
}
