import { useEffect } from 'react';
import { markFirstViewShown } from '../app/firstView';
import { preloadable } from '../app/preloadable';
import type { OrdersGridProps } from './OrdersGrid';

// MUI X DataGrid is a chunk of its own; the first view preloads it at boot (app/AppRoutes).
const OrdersGrid = preloadable(async () => (await import('./OrdersGrid')).default);

/**
 * The orders grid, loaded lazily. Once it shows the book's first answer, the first view is done and
 * what waits for it (the wallet stack) may load.
 */
export function LazyOrdersGrid(props: OrdersGridProps) {
  useEffect(() => {
    if (!props.loading) markFirstViewShown();
  }, [props.loading]);
  return <OrdersGrid {...props} />;
}

LazyOrdersGrid.preload = OrdersGrid.preload;
