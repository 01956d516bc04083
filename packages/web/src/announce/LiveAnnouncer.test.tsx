import Dialog from '@mui/material/Dialog';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Announce } from './AnnounceContext';
import { ANNOUNCE_GATHER_MS, ANNOUNCE_INTERVAL_MS, LiveAnnouncer } from './LiveAnnouncer';
import { LiveRegion } from './LiveRegion';
import { useAnnounce } from './useAnnounce';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Hands the announcer to the test. */
function Listener({ onAnnounce }: { onAnnounce(announce: Announce): void }) {
  onAnnounce(useAnnounce());
  return null;
}

test('changes nobody clicked for are said politely, a burst as one sentence, not one per change', async () => {
  let announce: Announce = () => undefined;
  render(
    <LiveAnnouncer>
      <Listener
        onAnnounce={(given) => {
          announce = given;
        }}
      />
    </LiveAnnouncer>,
  );
  // The coalescer's code arrives after the first render.
  await act(async () => {
    await import('./AnnouncementCoalescer');
  });
  const region = screen.getByRole('status');
  expect(region).toHaveAttribute('aria-live', 'polite');
  const phrase = (count: number) => `${count} new orders`;
  act(() => {
    for (let i = 0; i < 5; i++) announce('new', phrase);
  });
  expect(region).toHaveTextContent('');
  act(() => vi.advanceTimersByTime(ANNOUNCE_GATHER_MS));
  expect(region).toHaveTextContent('5 new orders');
  // The next change waits out the interval.
  act(() => announce('new', phrase));
  act(() => vi.advanceTimersByTime(ANNOUNCE_GATHER_MS));
  expect(region).toHaveTextContent('5 new orders');
  act(() => vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS));
  expect(region).toHaveTextContent('1 new orders');
});

test('while a dialog hides the page from screen readers, changes are said inside the dialog', async () => {
  let announce: Announce = () => undefined;
  const page = (dialogOpen: boolean) => (
    <LiveAnnouncer>
      <Listener
        onAnnounce={(given) => {
          announce = given;
        }}
      />
      <Dialog open={dialogOpen} slotProps={{ paper: { 'aria-label': 'Take Order' } }}>
        <LiveRegion inDialog />
      </Dialog>
    </LiveAnnouncer>
  );
  const { rerender } = render(page(true));
  await act(async () => {
    await import('./AnnouncementCoalescer');
  });
  const pageRegion = document.querySelector('[data-live-announcer="page"]');
  // MUI hides everything outside the open dialog, the page's region included.
  expect(pageRegion?.closest('[aria-hidden="true"]')).not.toBeNull();
  act(() => announce('new', (count) => `${count} new orders`));
  act(() => vi.advanceTimersByTime(ANNOUNCE_GATHER_MS));
  const dialog = screen.getByRole('dialog', { name: 'Take Order' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('1 new orders');
  expect(pageRegion).toHaveTextContent('');

  rerender(page(false));
  act(() => vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS));
  await act(async () => vi.runAllTimersAsync());
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => announce('fill', () => 'An order was filled'));
  act(() => vi.advanceTimersByTime(ANNOUNCE_GATHER_MS + ANNOUNCE_INTERVAL_MS));
  expect(screen.getByRole('status')).toHaveTextContent('An order was filled');
  // Said once, where it could be heard: the page's region does not repeat the dialog's announcement.
  expect(screen.getByRole('status')).not.toHaveTextContent('new orders');
});
