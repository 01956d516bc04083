import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { AppShell } from '../shell/AppShell';

// Its own chunk: the shell paints (and the spinner shows) while the home screen loads.
const HomePage = lazy(async () => ({ default: (await import('../home/HomePage')).HomePage }));

/** SPEC §2: one route, '/', named Hello. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    handle: { name: 'Hello' },
    children: [{ index: true, element: <HomePage /> }],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
