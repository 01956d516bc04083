import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { marketBookQuery } from './marketBookQuery';
import { useMarketLive } from './useMarketLive';

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

function LiveMarket({ pollMs }: { pollMs: number }) {
  const api = useRelayerApi();
  const { key } = useVariant();
  useQuery(marketBookQuery(api, key, ZRX.address, WETH.address));
  useMarketLive(ZRX.address, WETH.address, { pollMs });
  return null;
}

describe('useMarketLive', () => {
  test('polls while the socket is down, reconnects, and reloads what it may have missed', async () => {
    const relayer = installTestNetwork({
      'GET /v0/orderbook': () => ({
        body: { asks: [], bids: [], total: { asks: 0, bids: 0 }, page: 1, perPage: 100 },
      }),
    });
    const fetches = () => relayer.count('GET', '/v0/orderbook');
    await renderWithProviders(<LiveMarket pollMs={40} />);
    const first = FakeWebSocket.latest();
    act(() => first.open());
    await waitFor(() => expect(fetches()).toBe(1));

    act(() => first.drop());
    const beforePolls = fetches();
    await waitFor(() => expect(fetches()).toBeGreaterThanOrEqual(beforePolls + 2));
    // Backoff from 1 s: a second socket, for the same pair.
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 3000 });
    const second = FakeWebSocket.latest();
    act(() => second.open());
    expect(second.sent).toEqual(first.sent);
    const afterOpen = fetches();
    await waitFor(() => expect(fetches()).toBeGreaterThan(afterOpen));
    // Connected again: no more polling. Wait well past several poll periods; nothing is asked.
    const settled = fetches();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetches()).toBe(settled);
  });
});
