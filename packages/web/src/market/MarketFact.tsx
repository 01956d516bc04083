import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One figure of a market's summary `dl`: its label and its value in tabular digits. */
export function MarketFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="h6"
        sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The summary's last, full-width fact worded as a caption (a `dl` holds only its groups). */
export function MarketFactCaption({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 0.5 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}
