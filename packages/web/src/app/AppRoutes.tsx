import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { AppShell } from '../shell/AppShell';
import { type Preloadable, preloadable } from './preloadable';

// Pages are chunks of their own: the shell paints while a page's code loads.
const HomePage = preloadable(async () => (await import('../home/HomePage')).HomePage);
const CoinOverviewPage = preloadable(
  async () => (await import('../coins/CoinOverviewPage')).CoinOverviewPage,
);
const MarketPage = preloadable(async () => (await import('../market/MarketPage')).MarketPage);
const MyOrdersPage = preloadable(async () => (await import('../my-orders/MyOrdersPage')).MyOrdersPage);
const MyTradesPage = preloadable(async () => (await import('../my-trades/MyTradesPage')).MyTradesPage);
const OrderPage = preloadable(async () => (await import('../order-page/OrderPage')).OrderPage);
const NotFoundPage = preloadable(async () => (await import('./NotFoundPage')).NotFoundPage);

/** A route's name (page views, titles) and the code its first view needs (requested at boot). */
interface RouteHandle {
  name: string;
  preload?(): Promise<unknown>;
}

/** A page's route: its element, and its name and code as the route's handle. */
function pageRoute(name: string, Page: Preloadable<object>) {
  return { element: <Page />, handle: { name, preload: () => Page.preload() } satisfies RouteHandle };
}
const marketRoute = pageRoute('Markets', MarketPage);

/**
 * SPEC §2: '/', named Hello, and the overview pages that coin catalogue entries link to; the connected
 * account's orders and trades, and one order's page (what a share link opens).
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    handle: { name: 'Hello' },
    children: [
      { index: true, ...pageRoute('Hello', HomePage) },
      { path: 'coins/:slug/overview', ...pageRoute('Coin overview', CoinOverviewPage) },
      { path: 'markets', ...marketRoute },
      { path: 'markets/:base/:quote', ...marketRoute },
      { path: 'my/orders', ...pageRoute('My orders', MyOrdersPage) },
      { path: 'my/trades', ...pageRoute('My trades', MyTradesPage) },
      { path: 'orders/:hash', ...pageRoute('Order', OrderPage) },
      { path: '*', ...pageRoute('Not found', NotFoundPage) },
    ],
  },
];

/**
 * Starts loading the code of the page at `pathname` (and its order book) before React renders it;
 * resolves when it is in. The grid is a chunk of its own: rendered before its code is in, it would
 * suspend, and React would hold the book back behind a fallback.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(appRoutes, pathname) ?? []).map((match) => (match.route.handle as RouteHandle)?.preload?.()),
  );
}

export function AppRoutes() {
  return useRoutes(appRoutes);
}
