/**
 * The trader's opt-in to browser notifications of fills (per browser, as the permission is per site):
 * asked only from a click, never on load. 'blocked' when the browser refuses them for this site.
 */
export type FillAlertsState = 'on' | 'off' | 'blocked' | 'unsupported';

const KEY = 'relayer.away.fillAlerts';
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function stored(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function store(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(KEY, 'on');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Without storage the choice lasts as long as the permission check says so.
  }
  changed();
}

export function fillAlertsState(): FillAlertsState {
  if (typeof window.Notification !== 'function') return 'unsupported';
  if (window.Notification.permission === 'denied') return 'blocked';
  return stored() && window.Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks the browser's permission if it was not given yet (call from a click only), then turns alerts on. */
export async function turnFillAlertsOn(): Promise<FillAlertsState> {
  if (typeof window.Notification !== 'function') return 'unsupported';
  const permission =
    window.Notification.permission === 'default'
      ? await window.Notification.requestPermission()
      : window.Notification.permission;
  store(permission === 'granted');
  return fillAlertsState();
}

export function turnFillAlertsOff(): void {
  store(false);
}

/** Calls `listener` when the choice changes, in this tab or another. */
export function subscribeFillAlerts(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
