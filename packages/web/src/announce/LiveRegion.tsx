import Box from '@mui/material/Box';
import { use, useEffect, useId } from 'react';
import { LiveRegionContext, PAGE_REGION } from './LiveRegionContext';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A polite live region showing the announcements said in it. The page has one (LiveAnnouncer); every
 * modal dialog renders one `inDialog`, because a modal marks the rest of the page aria-hidden and a
 * screen reader then ignores the page's region. Each announcement is a new node, so the same words
 * twice are said twice; one said elsewhere never reappears here.
 */
export function LiveRegion({ inDialog = false }: { inDialog?: boolean }) {
  const regions = use(LiveRegionContext);
  const dialogRegion = useId();
  const region = inDialog ? dialogRegion : PAGE_REGION;
  const claim = regions?.claim;
  useEffect(() => (inDialog && claim ? claim(dialogRegion) : undefined), [inDialog, claim, dialogRegion]);
  const said = regions?.said;
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-atomic="true"
      sx={visuallyHidden}
      data-live-announcer={inDialog ? 'dialog' : 'page'}
    >
      {said && said.region === region ? <span key={said.id}>{said.text}</span> : null}
    </Box>
  );
}
