import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A chart drawn as a dependency-free SVG of `width` x `height` user units, scaled to its container's
 * width, with its accessible name in words (`label`: an image to assistive technology).
 */
export function ChartSvg(props: {
  width: number;
  height: number;
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  const { width, height, label, testId, children } = props;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      sx={{ width: '100%', height: 'auto', display: 'block' }}
      data-testid={testId}
    >
      {children}
    </Box>
  );
}
