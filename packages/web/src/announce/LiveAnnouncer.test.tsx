import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Announce } from './AnnounceContext';
import { ANNOUNCE_GATHER_MS, ANNOUNCE_INTERVAL_MS, LiveAnnouncer } from './LiveAnnouncer';
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
