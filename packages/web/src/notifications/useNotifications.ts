import { useContext } from 'react';
import { NotificationsContext, type NotificationsValue } from './NotificationsContext';

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return value;
}
