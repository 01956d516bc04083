import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A market's figures as one `dl` grid (MarketFact children, a MarketFactCaption last): two columns on
 * a phone, `columns` from the small breakpoint up.
 */
export function MarketFacts({
  label,
  columns,
  children,
}: {
  label: string;
  columns: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(${columns}, minmax(0, 1fr))` },
        gap: 2,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}
