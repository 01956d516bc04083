import { createContext } from 'react';
import type { Variant, WebConfig } from './webConfigSchema';

export interface WebConfigValue {
  config: WebConfig;
  variant: Variant;
}

export const WebConfigContext = createContext<WebConfigValue | undefined>(undefined);
