import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation } from 'react-router';

/** Any path the app has no screen for (a mistyped or outdated link): say so and lead back home. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Alert severity="warning">
      Page not found: this app has no page at {pathname}.{' '}
      <Link component={RouterLink} to="/">
        Back to the order book
      </Link>
    </Alert>
  );
}
