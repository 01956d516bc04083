import { useSearchParams } from 'react-router';

/** The URL's search parameter for showing unverified tokens' orders, and its one value. */
export const UNVERIFIED_PARAM = 'unverified';
const SHOWN = 'shown';

/**
 * Whether the trader asked to see unverified tokens' orders, kept in the URL (`?unverified=shown`) so a
 * link or a reload keeps the choice; turning it off drops the parameter.
 */
export function useIncludeUnverified(): [boolean, (include: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const include = params.get(UNVERIFIED_PARAM) === SHOWN;
  const set = (next: boolean) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(UNVERIFIED_PARAM, SHOWN);
        else updated.delete(UNVERIFIED_PARAM);
        return updated;
      },
      { replace: true },
    );
  return [include, set];
}
