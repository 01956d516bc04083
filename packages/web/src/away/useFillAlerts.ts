import { useSyncExternalStore } from 'react';
import { type FillAlertsState, fillAlertsState, subscribeFillAlerts } from './fillAlertsSetting';

/** The fill alerts' state, re-rendering when the trader (here or in another tab) changes it. */
export function useFillAlerts(): FillAlertsState {
  return useSyncExternalStore(subscribeFillAlerts, fillAlertsState, () => 'unsupported' as const);
}
