import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { Fragment, useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AppNotification } from './notificationTypes';
import { useNotifications } from './useNotifications';

/** The alerts of SPEC §3-§4: a click or its close button removes one; each leaves after its timeout unless noKill. */
export function NotificationArea() {
  const { notifications, dismiss } = useNotifications();
  return (
    <Stack
      spacing={1}
      aria-live="polite"
      sx={{
        position: 'fixed',
        bottom: 16,
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 420,
      }}
    >
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onDismiss={dismiss} />
      ))}
    </Stack>
  );
}

function NotificationItem({
  notification,
  onDismiss,
}: {
  notification: AppNotification;
  onDismiss(id: number): void;
}) {
  const { id, noKill, timeout, type, text, links } = notification;
  useEffect(() => {
    if (noKill) return;
    const timer = setTimeout(() => onDismiss(id), timeout);
    return () => clearTimeout(timer);
  }, [id, noKill, timeout, onDismiss]);

  return (
    <Alert
      severity={type}
      variant="filled"
      iconMapping={{ success: <CheckIcon fontSize="inherit" /> }}
      onClick={() => onDismiss(id)}
      // A keyboard reaches the close button; a click anywhere on the notification also dismisses it.
      onClose={() => onDismiss(id)}
      closeText="Dismiss notification"
      sx={{ cursor: 'pointer' }}
      role={type === 'error' ? 'alert' : 'status'}
    >
      {text}
      {links.map((link, index) => (
        <Fragment key={link.to}>
          {index === 0 ? ': ' : ', '}
          <RouterLink to={link.to} style={{ color: 'inherit', fontWeight: 600 }}>
            {link.label}
          </RouterLink>
        </Fragment>
      ))}
    </Alert>
  );
}
