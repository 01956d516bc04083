import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { chainStatus } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { useChainClock } from './useChainClock';

function Reader({ name }: { name: string }) {
  const { nowSec, source } = useChainClock();
  return (
    <p>
      {name}: {source} {nowSec.toString()}
    </p>
  );
}

let chainNowSec = 2_000_000_000;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

test('however many components read the chain clock, it is re-read once per tick', async () => {
  const relayer = installTestNetwork({
    'GET /chain': () => ({ body: chainStatus(chainNowSec - 600, 600) }),
  });
  await renderWithProviders(
    <>
      <Reader name="a" />
      <Reader name="b" />
      <Reader name="c" />
    </>,
  );
  await waitFor(() => expect(screen.getByText(`a: chain ${chainNowSec}`)).toBeInTheDocument());
  expect(relayer.count('GET', '/chain')).toBe(1);

  // A block moves the chain's clock 10 minutes on; the next tick reads it, once for all three readers.
  chainNowSec += 600;
  await act(() => vi.advanceTimersByTimeAsync(15_000));
  await waitFor(() => expect(screen.getByText(`b: chain ${chainNowSec}`)).toBeInTheDocument());
  expect(relayer.count('GET', '/chain')).toBe(2);
  await act(() => vi.advanceTimersByTimeAsync(15_000));
  await waitFor(() => expect(relayer.count('GET', '/chain')).toBe(3));
});

test('a relayer without the route leaves this computer’s clock in charge', async () => {
  installTestNetwork();
  await renderWithProviders(<Reader name="a" />);
  await waitFor(() => expect(screen.getByText(/^a: local \d+/)).toBeInTheDocument());
});
