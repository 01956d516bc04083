import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The heading of a step of a dialog (form, review, result), which takes the focus when the step
 * appears, so a keyboard or screen-reader user lands on what changed instead of on a vanished button.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Typography
      ref={ref}
      component="h3"
      variant="subtitle1"
      tabIndex={-1}
      sx={{ fontWeight: 600, outline: 'none' }}
    >
      {children}
    </Typography>
  );
}
