import Container from '@mui/material/Container';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { usePageviews } from '../analytics/usePageviews';
import { NotificationArea } from '../notifications/NotificationArea';
import { RatesRefresher } from '../prices/RatesRefresher';
import { NetworkGuard } from '../wallet/NetworkGuard';
import { AppToolbar } from './AppToolbar';
import { LoadingSpinner } from './LoadingSpinner';
import { NavigationDrawer } from './NavigationDrawer';

/** SPEC §2 shell: drawer, toolbar, network guard, notification area, and the routed screen. */
export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  usePageviews();
  return (
    <>
      <AppToolbar onMenu={() => setDrawerOpen((open) => !open)} />
      <NavigationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <RatesRefresher />
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
