import { useLocation } from 'react-router';
import { PageNotice } from '../shell/PageNotice';

/** Any path the app has no screen for (a mistyped or outdated link): say so and lead back home. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageNotice title="Page not found" severity="warning">
      Page not found: this app has no page at {pathname}.
    </PageNotice>
  );
}
