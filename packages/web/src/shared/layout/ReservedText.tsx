import Box, { type BoxProps } from '@mui/material/Box';

export interface ReservedTextProps extends BoxProps {
  /**
   * The longest text this place can show: its width and height are kept free (invisibly, in CSS
   * generated content, so neither a screen reader nor a text search finds it twice).
   */
  reserve: string;
}

/**
 * Text whose box is never smaller than that of `reserve`, so changing it from one of its texts to
 * another moves nothing around it (no layout shift). The shown text and the reserve share one grid
 * cell; the reserve is hidden.
 */
export function ReservedText({ reserve, children, sx, ...props }: ReservedTextProps) {
  return (
    <Box
      component="span"
      data-reserve={reserve}
      sx={[
        {
          display: 'inline-grid',
          '& > *, &::after': { gridArea: '1 / 1' },
          '&::after': { content: 'attr(data-reserve)', visibility: 'hidden' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...props}
    >
      <span>{children}</span>
    </Box>
  );
}
