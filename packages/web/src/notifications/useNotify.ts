import type { NotifyInput } from './notificationTypes';
import { useNotifications } from './useNotifications';

export type { NotifyInput } from './notificationTypes';

/** `notify({type, text, noKill?, timeout?})` shows an alert; it returns the notification's id. */
export function useNotify(): (input: NotifyInput) => number {
  return useNotifications().notify;
}
