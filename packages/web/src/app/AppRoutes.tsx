import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { LazyOrdersGrid } from '../browse/LazyOrdersGrid';
import { AppShell } from '../shell/AppShell';
import { NotFoundPage } from './NotFoundPage';
import { preloadable } from './preloadable';

// Pages are chunks of their own: the shell paints while a page's code loads.
const HomePage = preloadable(async () => (await import('../home/HomePage')).HomePage);
const CoinOverviewPage = preloadable(
  async () => (await import('../coins/CoinOverviewPage')).CoinOverviewPage,
);

/** A route's name (page views, titles) and the code its first view needs (requested at boot). */
interface RouteHandle {
  name: string;
  preload?(): void;
}

const preloadBook = () => {
  void LazyOrdersGrid.preload();
};

/** SPEC §2: '/', named Hello, and the overview pages that coin catalogue entries link to. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    handle: { name: 'Hello' },
    children: [
      {
        index: true,
        element: <HomePage />,
        handle: {
          name: 'Hello',
          preload: () => {
            void HomePage.preload();
            preloadBook();
          },
        } satisfies RouteHandle,
      },
      {
        path: 'coins/:slug/overview',
        element: <CoinOverviewPage />,
        handle: {
          name: 'Coin overview',
          preload: () => {
            void CoinOverviewPage.preload();
            preloadBook();
          },
        } satisfies RouteHandle,
      },
      { path: '*', element: <NotFoundPage />, handle: { name: 'Not found' } },
    ],
  },
];

/** Starts loading the code of the page at `pathname` (and its order book) before React renders it. */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(appRoutes, pathname) ?? [])
    (match.route.handle as RouteHandle)?.preload?.();
}

export function AppRoutes() {
  return useRoutes(appRoutes);
}
