import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createFakeRelayer, zrxToken } from '../test/fakeRelayer';
import { renderWithProviders } from '../test/renderWithProviders';
import { TokenInfoPanel } from '../tokens/TokenInfoPanel';
import RatesRefresher from './RatesRefresher';
import { RATES_REFRESH_MS } from './ratesQuery';

let relayer: ReturnType<typeof createFakeRelayer>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  relayer = createFakeRelayer();
  vi.stubGlobal('fetch', relayer.fetch);
});
afterEach(() => {
  vi.useRealTimers();
});

const zrx = zrxToken;

test('refreshes rates once every 5 minutes however many token panels mount, whenever they mount', async () => {
  const view = await renderWithProviders(
    <>
      <RatesRefresher />
      <TokenInfoPanel token={zrx} title="Maker token" />
    </>,
  );
  await waitFor(() => expect(screen.getByText('0.412')).toBeInTheDocument());
  expect(relayer.count('GET', '/rates')).toBe(1);

  // A second (and third) reader mounts a minute later: it reuses the fresh rates and adds no timer.
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  view.rerender(
    <>
      <RatesRefresher />
      <TokenInfoPanel token={zrx} title="Maker token" />
      <TokenInfoPanel token={zrx} title="Taker token" />
      <TokenInfoPanel token={zrx} title="Another" />
    </>,
  );
  expect(screen.getAllByText('0.412')).toHaveLength(3);
  expect(relayer.count('GET', '/rates')).toBe(1);

  await act(() => vi.advanceTimersByTimeAsync(RATES_REFRESH_MS - 60_000));
  await waitFor(() => expect(relayer.count('GET', '/rates')).toBe(2));
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  expect(relayer.count('GET', '/rates')).toBe(2);

  await act(() => vi.advanceTimersByTimeAsync(RATES_REFRESH_MS - 60_000));
  await waitFor(() => expect(relayer.count('GET', '/rates')).toBe(3));
  await act(() => vi.advanceTimersByTimeAsync(RATES_REFRESH_MS - 5_000));
  expect(relayer.count('GET', '/rates')).toBe(3);
});
