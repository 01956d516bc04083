import { createTheme, type Theme } from '@mui/material/styles';

/**
 * Colours a text of any size can wear on white or grey-50 at WCAG AA (4.5:1), and white text on them
 * (contained buttons, filled alerts): MUI's default orange and light blue do not reach it.
 */
const palette = {
  primary: { main: '#1565c0' },
  warning: { main: '#a84b00' },
  info: { main: '#01579b' },
  success: { main: '#2e7d32' },
  error: { main: '#c62828' },
  // MUI picks white or black text for a colour by this ratio: the AA one for text.
  contrastThreshold: 4.5,
};

/** Durations of zero and no CSS transition: drawers, dialogs and menus appear without moving. */
const still = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

/**
 * The app's theme. System fonts only: nothing is fetched from font CDNs. With `reducedMotion` (the
 * user's `prefers-reduced-motion: reduce`) nothing slides, fades or ripples.
 */
export function createAppTheme({ reducedMotion }: { reducedMotion: boolean }): Theme {
  return createTheme({
    palette,
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    ...(reducedMotion
      ? {
          transitions: still,
          components: {
            MuiButtonBase: { defaultProps: { disableRipple: true } },
            MuiCssBaseline: { styleOverrides: { html: { scrollBehavior: 'auto' } } },
          },
        }
      : {}),
  });
}
