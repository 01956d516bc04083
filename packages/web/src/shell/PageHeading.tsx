import Typography, { type TypographyProps } from '@mui/material/Typography';
import { type ReactNode, use, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from './appTitle';
import { RouteFocusContext } from './RouteFocusContext';

export interface PageHeadingProps {
  /** The page's name in the document title ("REP/WETH market"). */
  title: string;
  children: ReactNode;
  variant?: TypographyProps['variant'];
  sx?: TypographyProps['sx'];
}

/**
 * A page's one h1. It names the page in the document title and, after an in-app navigation (not on the
 * first load), takes focus, so a screen reader says where the user arrived and Tab goes on from there.
 */
export function PageHeading({ title, children, variant = 'h5', sx }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname, state } = useLocation();
  const keepFocus = Boolean((state as { keepFocus?: boolean } | null)?.keepFocus);
  const routeFocus = use(RouteFocusContext);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  useEffect(() => {
    if (!routeFocus?.navigated || routeFocus.focusedPath === pathname) return;
    routeFocus.focusedPath = pathname;
    if (!keepFocus) ref.current?.focus();
  }, [pathname, keepFocus, routeFocus]);
  return (
    <Typography
      ref={ref}
      variant={variant}
      component="h1"
      tabIndex={-1}
      sx={[{ '&:focus:not(:focus-visible)': { outline: 'none' } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Typography>
  );
}
