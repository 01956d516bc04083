import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** The URL's search parameter for showing unverified tokens' orders, and its one value. */
export const UNVERIFIED_PARAM = 'unverified';
const SHOWN = 'shown';

/**
 * Whether the trader asked to see unverified tokens' orders, kept in the URL (`?unverified=shown`) so a
 * link or a reload keeps the choice; turning it off drops the parameter. The choice itself answers at
 * once: the router writes the URL in a transition, and a switch that waited for it would not move
 * under the click.
 */
export function useIncludeUnverified(): [boolean, (include: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(UNVERIFIED_PARAM) === SHOWN;
  const [include, setInclude] = useState(fromUrl);
  // The URL moved by itself (back, forward, a link): it wins.
  const [urlSeen, setUrlSeen] = useState(fromUrl);
  if (fromUrl !== urlSeen) {
    setUrlSeen(fromUrl);
    setInclude(fromUrl);
  }
  const set = (next: boolean) => {
    setInclude(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(UNVERIFIED_PARAM, SHOWN);
        else updated.delete(UNVERIFIED_PARAM);
        return updated;
      },
      { replace: true },
    );
  };
  return [include, set];
}
