import Container from '@mui/material/Container';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { usePageviews } from '../analytics/usePageviews';
import { LiveAnnouncer } from '../announce/LiveAnnouncer';
import { preloadable } from '../app/preloadable';
import { NotificationArea } from '../notifications/NotificationArea';
import { useWallet } from '../wallet/useWallet';
import { useWalletLayer } from '../wallet/useWalletLayer';
import { AppToolbar } from './AppToolbar';
import { LoadingSpinner } from './LoadingSpinner';
import { type RouteFocus, RouteFocusContext } from './RouteFocusContext';
import { MAIN_ID, SkipLink } from './SkipLink';

const NavigationDrawer = lazy(() => import('./NavigationDrawer'));
// Only for a connected account, so its code loads after the wallet, never with the first view.
const AwayWatcher = lazy(() => import('../away/AwayWatcher'));
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
  const { address } = useWallet();
  usePageviews();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [routeFocus] = useState<RouteFocus>(() => ({
    firstKey: location.key,
    navigated: false,
    focusedPath: location.pathname,
  }));
  // Before the pages' effects run (layout effects come first), so the new page's heading knows.
  useLayoutEffect(() => {
    if (location.key !== routeFocus.firstKey && navigationType !== 'REPLACE') routeFocus.navigated = true;
  }, [location.key, navigationType, routeFocus]);
  return (
    <RouteFocusContext value={routeFocus}>
      <LiveAnnouncer>
        <SkipLink />
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
        <Suspense fallback={null}>
          {address ? <AwayWatcher key={address} account={address} /> : null}
        </Suspense>
        <Container maxWidth="lg" component="main" id={MAIN_ID} tabIndex={-1} sx={{ py: 3, outline: 'none' }}>
          {NetworkGuard ? <NetworkGuard /> : null}
          <Suspense fallback={<LoadingSpinner />}>
            <Outlet />
          </Suspense>
        </Container>
        <NotificationArea />
      </LiveAnnouncer>
    </RouteFocusContext>
  );
}
