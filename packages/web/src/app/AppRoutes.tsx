import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { AppShell } from '../shell/AppShell';
import { NotFoundPage } from './NotFoundPage';

// Its own chunk: the shell paints (and the spinner shows) while the home screen loads.
const HomePage = lazy(async () => ({ default: (await import('../home/HomePage')).HomePage }));
const CoinOverviewPage = lazy(async () => ({
  default: (await import('../coins/CoinOverviewPage')).CoinOverviewPage,
}));

/** SPEC §2: '/', named Hello, and the overview pages that coin catalogue entries link to. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    handle: { name: 'Hello' },
    children: [
      { index: true, element: <HomePage /> },
      { path: 'coins/:slug/overview', element: <CoinOverviewPage />, handle: { name: 'Coin overview' } },
      { path: '*', element: <NotFoundPage />, handle: { name: 'Not found' } },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
