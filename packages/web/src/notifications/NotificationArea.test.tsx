import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NotificationArea } from './NotificationArea';
import { NotificationsProvider } from './NotificationsProvider';
import type { NotifyInput } from './notificationTypes';
import { useNotify } from './useNotify';

let notify: (input: NotifyInput) => number;
function Capture() {
  notify = useNotify();
  return null;
}

function Where() {
  return <p>{`At ${useLocation().pathname}`}</p>;
}

function renderArea() {
  render(
    <MemoryRouter>
      <NotificationsProvider>
        <Capture />
        <NotificationArea />
        <Where />
      </NotificationsProvider>
    </MemoryRouter>,
  );
}

describe('NotificationArea', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderArea();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('removes a notification after the default 2000 ms', () => {
    act(() => void notify({ type: 'info', text: 'Hello' }));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1999));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  test('honours a custom timeout', () => {
    act(() => void notify({ type: 'warning', text: 'Slow', timeout: 5000 }));
    act(() => void vi.advanceTimersByTime(4000));
    expect(screen.getByText('Slow')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Slow')).not.toBeInTheDocument();
  });

  test('keeps a noKill notification until it is clicked', () => {
    act(() => void notify({ type: 'error', text: 'Sticky', noKill: true }));
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Sticky'));
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
  });

  test('a keyboard dismisses a noKill notification with its own button', () => {
    act(() => void notify({ type: 'error', text: 'Sticky', noKill: true }));
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    dismiss.focus();
    expect(dismiss).toHaveFocus();
    fireEvent.click(dismiss);
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
  });

  test('a click removes only the clicked notification', () => {
    act(() => {
      notify({ type: 'info', text: 'First' });
      notify({ type: 'info', text: 'Second' });
    });
    fireEvent.click(screen.getByText('First'));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  test('gives two notifications created in the same millisecond different ids', () => {
    let ids: number[] = [];
    act(() => {
      ids = [notify({ type: 'info', text: 'A' }), notify({ type: 'info', text: 'B' })];
    });
    expect(ids[1]).toBeGreaterThan(ids[0] ?? Number.POSITIVE_INFINITY);
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByText('B')).toBeInTheDocument();
  });

  test('shows a check icon on success only', () => {
    act(() => void notify({ type: 'success', text: 'Order Added' }));
    const success = screen.getByText('Order Added').closest('[role="status"]') as HTMLElement;
    expect(success.querySelector('[data-testid="CheckIcon"]')).not.toBeNull();
    act(() => void notify({ type: 'error', text: 'Order failed, check log for details' }));
    expect(screen.getByRole('alert').querySelector('[data-testid="CheckIcon"]')).toBeNull();
  });

  test('links to the pages it names; following one goes there and dismisses it', () => {
    act(
      () =>
        void notify({
          type: 'info',
          text: '2 orders filled while you were away',
          noKill: true,
          links: [
            { to: '/my/trades', label: 'My trades' },
            { to: '/my/orders', label: 'My orders' },
          ],
        }),
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('2 orders filled while you were away: My trades, My orders');
    fireEvent.click(screen.getByRole('link', { name: 'My trades' }));
    expect(screen.getByText('At /my/trades')).toBeInTheDocument();
    expect(screen.queryByText(/while you were away/)).not.toBeInTheDocument();
  });
});
