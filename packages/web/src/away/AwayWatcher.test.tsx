import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NotificationArea } from '../notifications/NotificationArea';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { repToken, testTokens, wethToken } from '../test/fakeRelayer';
import { MAKER, orderPage } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { tradeRecord } from '../test/tradeFixtures';
import AwayWatcher from './AwayWatcher';
import { awayMarkKey, writeAwayMark } from './awayMark';

let visibility: DocumentVisibilityState = 'visible';
const made: { title: string; options?: NotificationOptions }[] = [];

beforeEach(() => {
  window.localStorage.clear();
  made.length = 0;
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal(
    'Notification',
    Object.assign(
      function recordNotification(title: string, options?: NotificationOptions) {
        made.push({ title, ...(options ? { options } : {}) });
      },
      { permission: 'granted', requestPermission: async () => 'granted' },
    ),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const fill = tradeRecord({
  blockNumber: 900,
  makerTokenAddress: repToken.address,
  takerTokenAddress: wethToken.address,
  filledMakerTokenAmount: (250n * 10n ** 18n).toString(),
  filledTakerTokenAmount: (15n * 10n ** 17n).toString(),
});

async function renderWatcher() {
  const relayer = installTestNetwork({
    'GET /token': () => ({ body: testTokens }),
    'GET /trades': () => ({ body: { trades: [fill], nextCursor: null } }),
    'GET /order': () => ({ body: orderPage([]) }),
  });
  await renderWithProviders(
    <>
      <AwayWatcher account={MAKER} />
      <NotificationArea />
    </>,
  );
  return relayer;
}

describe('AwayWatcher', () => {
  test('on return, one notice of what was filled, linking to My trades', async () => {
    writeAwayMark(window.localStorage, awayMarkKey('main', MAKER), {
      lastTrade: { blockNumber: 800, logIndex: 0 },
      cancelled: [],
      cancelledFloor: 0,
    });
    await renderWatcher();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('1 order filled while you were away: My trades');
    expect(within(notice).getByRole('link', { name: 'My trades' })).toHaveAttribute('href', '/my/trades');
  });

  test('a fill while the tab is hidden makes a browser notification once alerts are on, none before', async () => {
    const relayer = await renderWatcher();
    // The token list in, so the notification can name the tokens.
    await vi.waitFor(() => expect(relayer.count('GET', '/token')).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    visibility = 'hidden';
    const message = { type: 'trade', channel: 'trades', requestId: 1, payload: fill };
    act(() => socket.receive(message));
    expect(made).toEqual([]);

    window.localStorage.setItem('relayer.away.fillAlerts', 'on');
    act(() => socket.receive(message));
    expect(made).toEqual([
      {
        title: 'Your order was filled',
        options: { body: 'You sold 250 REP for 1.5 WETH.', tag: `${fill.blockHash}:${fill.logIndex}` },
      },
    ]);
  });
});
