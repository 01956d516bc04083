import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export type BadgeColor = 'default' | 'success' | 'info' | 'warning' | 'error';

export interface OutlinedBadgeProps {
  label: ReactNode;
  color?: BadgeColor;
  icon?: ReactNode;
  /** Extra data attributes or an accessible description, passed to the badge's element. */
  [attribute: `data-${string}` | `aria-${string}`]: unknown;
}

/**
 * A small outlined label (an order's fill status, a token's trust mark): the look of MUI's outlined
 * small Chip, as a plain span, so the first view does not load the Chip component and its icons.
 */
export function OutlinedBadge({ label, color = 'default', icon, ...attributes }: OutlinedBadgeProps) {
  const tone = color === 'default' ? 'text.primary' : `${color}.main`;
  return (
    <Box
      component="span"
      {...attributes}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        maxWidth: '100%',
        minHeight: 24,
        px: 1,
        border: 1,
        borderColor: color === 'default' ? 'divider' : tone,
        borderRadius: 3,
        color: tone,
        typography: 'body2',
        fontSize: '0.8125rem',
        lineHeight: 1.4,
        overflowWrap: 'anywhere',
        '& svg': { fontSize: '1rem' },
      }}
    >
      {icon}
      {label}
    </Box>
  );
}
