import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { createAppTheme } from './theme';

/** The theme for the user's motion preference, rebuilt when it changes. */
export function useAppTheme(): Theme {
  // Read on the first render too, so a user who asked for no motion never sees one.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return useMemo(() => createAppTheme({ reducedMotion }), [reducedMotion]);
}
