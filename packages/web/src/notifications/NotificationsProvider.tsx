import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { NotificationsContext, type NotificationsValue } from './NotificationsContext';
import { type AppNotification, DEFAULT_NOTIFICATION_TIMEOUT, type NotifyInput } from './notificationTypes';

/** Holds the notification list (SPEC §3-§4); the area that shows them is NotificationArea. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<readonly AppNotification[]>([]);
  const lastId = useRef(0);

  const notify = useCallback((input: NotifyInput) => {
    const id = Math.max(Date.now(), lastId.current + 1);
    lastId.current = id;
    const notification: AppNotification = {
      id,
      type: input.type,
      text: input.text,
      noKill: input.noKill ?? false,
      timeout: input.timeout ?? DEFAULT_NOTIFICATION_TIMEOUT,
      links: input.links ?? [],
    };
    setNotifications((list) => [...list, notification]);
    return id;
  }, []);

  const dismiss = useCallback((id: number) => {
    setNotifications((list) => list.filter((n) => n.id !== id));
  }, []);

  const value = useMemo<NotificationsValue>(
    () => ({ notifications, notify, dismiss }),
    [notifications, notify, dismiss],
  );
  return <NotificationsContext value={value}>{children}</NotificationsContext>;
}
