import { useContext } from 'react';
import { WebConfigContext, type WebConfigValue } from './WebConfigContext';

export function useWebConfig(): WebConfigValue {
  const value = useContext(WebConfigContext);
  if (!value) throw new Error('useWebConfig must be used inside <AppProviders>');
  return value;
}
