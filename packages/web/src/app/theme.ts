import { createTheme } from '@mui/material/styles';

/** System fonts only: nothing is fetched from font CDNs. */
export const theme = createTheme({
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
