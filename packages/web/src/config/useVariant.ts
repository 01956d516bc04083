import { useWebConfig } from './useWebConfig';
import type { Variant } from './webConfigSchema';

/** The variant this page serves (chosen once at boot from window.location.hostname). */
export function useVariant(): Variant {
  return useWebConfig().variant;
}
