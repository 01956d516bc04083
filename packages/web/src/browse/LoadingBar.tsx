import Box from '@mui/material/Box';

/**
 * A thin indeterminate bar while the book loads, in a box of fixed height so nothing below moves.
 * Plain CSS (no progress component in the first view's code); still under reduced motion.
 */
export function LoadingBar({ loading, label }: { loading: boolean; label: string }) {
  return (
    <Box sx={{ height: 4, overflow: 'hidden', position: 'relative' }}>
      {loading ? (
        <Box
          role="progressbar"
          aria-label={label}
          sx={{
            position: 'absolute',
            inset: 0,
            bgcolor: 'primary.main',
            transformOrigin: 'left',
            animation: 'book-loading 1.2s ease-in-out infinite',
            '@keyframes book-loading': {
              from: { transform: 'translateX(-100%) scaleX(0.4)' },
              to: { transform: 'translateX(100%) scaleX(0.4)' },
            },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.5 },
          }}
        />
      ) : null}
    </Box>
  );
}
