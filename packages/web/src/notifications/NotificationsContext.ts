import { createContext } from 'react';
import type { AppNotification, NotifyInput } from './notificationTypes';

export interface NotificationsValue {
  notifications: readonly AppNotification[];
  notify(input: NotifyInput): number;
  dismiss(id: number): void;
}

export const NotificationsContext = createContext<NotificationsValue | undefined>(undefined);
