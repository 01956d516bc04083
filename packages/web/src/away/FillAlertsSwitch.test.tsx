import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FillAlertsSwitch } from './FillAlertsSwitch';
import { fillAlertsState } from './fillAlertsSetting';

/** A browser's Notification as far as the switch sees it: a permission and the request for it. */
function installNotification(initial: NotificationPermission, answer: NotificationPermission) {
  const fake = {
    permission: initial,
    requestPermission: vi.fn(async () => {
      fake.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal(
    'Notification',
    Object.assign(function notificationStub() {}, fake),
  );
  // The stub's permission must follow the answer, as the browser's does.
  Object.defineProperty(window.Notification, 'permission', { get: () => fake.permission });
  return fake;
}

const control = () =>
  screen.getByRole('switch', { name: 'Notify me of fills while this tab is in the background' });

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('FillAlertsSwitch', () => {
  test('asks the browser only when turned on, then is on; off again stays off', async () => {
    const browser = installNotification('default', 'granted');
    render(<FillAlertsSwitch />);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(control()).not.toBeChecked();
    await act(async () => void fireEvent.click(control()));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(control()).toBeChecked();
    expect(fillAlertsState()).toBe('on');
    await act(async () => void fireEvent.click(control()));
    expect(control()).not.toBeChecked();
    expect(fillAlertsState()).toBe('off');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  });

  test('a refusal leaves it off and says how to allow them', async () => {
    installNotification('default', 'denied');
    render(<FillAlertsSwitch />);
    await act(async () => void fireEvent.click(control()));
    expect(control()).not.toBeChecked();
    expect(control()).toBeDisabled();
    expect(screen.getByText(/This browser blocks notifications from this site/)).toBeInTheDocument();
    expect(fillAlertsState()).toBe('blocked');
  });

  test('a permission given earlier is not asked again; the choice is remembered', async () => {
    const browser = installNotification('granted', 'granted');
    const { unmount } = render(<FillAlertsSwitch />);
    expect(control()).not.toBeChecked();
    await act(async () => void fireEvent.click(control()));
    expect(browser.requestPermission).not.toHaveBeenCalled();
    unmount();
    render(<FillAlertsSwitch />);
    expect(control()).toBeChecked();
  });

  test('a browser without notifications shows no switch', () => {
    vi.stubGlobal('Notification', undefined);
    const { container } = render(<FillAlertsSwitch />);
    expect(container).toBeEmptyDOMElement();
  });
});
