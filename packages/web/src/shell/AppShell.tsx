import Container from '@mui/material/Container';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { usePageviews } from '../analytics/usePageviews';
import { preloadable } from '../app/preloadable';
import { NotificationArea } from '../notifications/NotificationArea';
import { useWalletLayer } from '../wallet/useWalletLayer';
import { AppToolbar } from './AppToolbar';
import { LoadingSpinner } from './LoadingSpinner';

const NavigationDrawer = lazy(() => import('./NavigationDrawer'));
// Preloaded with the first view (index.html): no Suspense fallback on the way to the order book.
const RatesRefresher = preloadable(async () => (await import('../prices/RatesRefresher')).default);
RatesRefresher.preload();

/** SPEC §2 shell: drawer, toolbar, network guard, notification area, and the routed screen. */
export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads on first opening; afterwards it stays mounted so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Part of the wallet stack: it only has something to say once a wallet is connected.
  const NetworkGuard = useWalletLayer()?.NetworkGuard;
  usePageviews();
  return (
    <>
      <AppToolbar
        onMenu={() => {
          setDrawerUsed(true);
          setDrawerOpen((open) => !open);
        }}
      />
      <Suspense fallback={null}>
        {drawerUsed ? <NavigationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} /> : null}
        <RatesRefresher />
      </Suspense>
      <Container maxWidth="lg" component="main" sx={{ py: 3 }}>
        {NetworkGuard ? <NetworkGuard /> : null}
        <Suspense fallback={<LoadingSpinner />}>
          <Outlet />
        </Suspense>
      </Container>
      <NotificationArea />
    </>
  );
}
