import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppShell } from '../shell/AppShell';

// Its own chunk: the shell paints (and the spinner shows) while the home screen loads.
const HomePage = lazy(async () => ({ default: (await import('../home/HomePage')).HomePage }));

/** SPEC §2: one route, '/', named Hello, in history mode. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <AppShell />,
      handle: { name: 'Hello' },
      children: [{ index: true, element: <HomePage /> }],
    },
  ]);
}
