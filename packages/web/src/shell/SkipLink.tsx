import Link from '@mui/material/Link';
import { useLocation } from 'react-router';

/** The id of the home page's order book and of the main landmark, the skip link's targets. */
export const ORDER_BOOK_ID = 'order-book';
export const MAIN_ID = 'main-content';

/**
 * The first Tab stop: past the toolbar to the order book on the home page, to the page elsewhere.
 * Hidden until focused. It focuses its target itself: a hash in the URL would be a navigation.
 */
export function SkipLink() {
  const { pathname } = useLocation();
  const toBook = pathname === '/';
  const target = toBook ? ORDER_BOOK_ID : MAIN_ID;
  return (
    <Link
      href={`#${target}`}
      onClick={(event) => {
        const element = document.getElementById(target) ?? document.getElementById(MAIN_ID);
        if (!element) return;
        event.preventDefault();
        element.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        p: 1,
        bgcolor: 'background.paper',
        // Off-screen until focused (not display: none, which would take it out of the Tab order).
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {toBook ? 'Skip to the order book' : 'Skip to main content'}
    </Link>
  );
}
