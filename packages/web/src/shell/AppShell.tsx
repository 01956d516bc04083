import Container from '@mui/material/Container';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { usePageviews } from '../analytics/usePageviews';
import { NotificationArea } from '../notifications/NotificationArea';
import { NetworkGuard } from '../wallet/NetworkGuard';
import { AppToolbar } from './AppToolbar';
import { LoadingSpinner } from './LoadingSpinner';

const NavigationDrawer = lazy(() => import('./NavigationDrawer'));
const RatesRefresher = lazy(() => import('../prices/RatesRefresher'));

/** SPEC §2 shell: drawer, toolbar, network guard, notification area, and the routed screen. */
export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads on first opening; afterwards it stays mounted so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
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
        <NetworkGuard />
        <Suspense fallback={<LoadingSpinner />}>
          <Outlet />
        </Suspense>
      </Container>
      <NotificationArea />
    </>
  );
}
