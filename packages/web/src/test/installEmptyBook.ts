import { vi } from 'vitest';
import { FakeWebSocket } from './FakeWebSocket';
import { orderPage, RATES_RESPONSE, TOKENS } from './fixtures';
import { installTestNetwork } from './testNetwork';

/** The app's network with the fixture tokens and rates and an empty book: for tests of the shell and its routes. */
export function installEmptyBook() {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /rates': () => ({ body: RATES_RESPONSE }),
    'GET /order': () => ({ body: orderPage([]) }),
  });
}
