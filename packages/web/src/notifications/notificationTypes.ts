export type NotificationType = 'success' | 'error' | 'info' | 'warning';

/** A page the notification points to (e.g. the list where what it tells of can be seen). */
export interface NotificationLink {
  to: string;
  label: string;
}

export interface NotifyInput {
  type: NotificationType;
  text: string;
  /** Keep it until clicked. */
  noKill?: boolean;
  /** Milliseconds before it disappears on its own (default 2000). */
  timeout?: number;
  /** Links shown after the text; following one also dismisses the notification. */
  links?: readonly NotificationLink[];
}

export interface AppNotification extends Required<Omit<NotifyInput, 'noKill'>> {
  /** Creation time in ms, bumped by one when two arrive in the same millisecond. */
  id: number;
  noKill: boolean;
}

export const DEFAULT_NOTIFICATION_TIMEOUT = 2000;
