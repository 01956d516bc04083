import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useWebConfig } from '../config/useWebConfig';
import { analyticsEndpoint, reportedPath } from './analyticsEndpoint';

/** Reports `{path}` to the analytics endpoint on every route change (SPEC §2); failures are ignored. */
export function usePageviews(): void {
  const { config, variant } = useWebConfig();
  const endpoint = useMemo(() => analyticsEndpoint(config, variant), [config, variant]);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!endpoint) return;
    fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: reportedPath(config, variant, pathname) }),
      keepalive: true,
    }).catch(() => {
      // Analytics must never disturb the user.
    });
  }, [endpoint, config, variant, pathname]);
}
