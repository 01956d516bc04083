import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CDPSession, chromium, type Page } from 'playwright-core';
import type { LoadProfile } from './loadProfiles.ts';

/** One request of a load, times in ms from the document's request. */
export interface RequestTiming {
  url: string;
  type: string;
  startMs: number;
  endMs?: number;
  /** Bytes received over the network (headers included); 0 when the browser cache answered. */
  bytes: number;
  status?: number;
}

export interface LoadResult {
  /** From navigation start (performance.timeOrigin) to the frame in which the first order row is on screen. */
  firstRowMs: number;
  /** Requests sent, and bytes received, before the first row appeared. */
  toRows: { requests: number; bytes: number };
  /** The same once the network has been quiet for a second (the lazy chunks after the rows included). */
  settled: { requests: number; bytes: number };
  requests: RequestTiming[];
}

/** Flags of the e2e suite's Chromium (packages/e2e/playwright.config.ts). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Installed before the page's own scripts: on every animation frame, looks for an order-book grid cell
 * with text and a size; the frame it is found in is the one that paints it. The page's CSP does not
 * apply to scripts the browser is told to evaluate over CDP.
 */
const FIRST_ROW_PROBE = `(() => {
  const look = () => {
    const cells = document.querySelectorAll('[role="grid"] [role="row"] [role="gridcell"]');
    for (const cell of cells) {
      if (cell.textContent.trim() !== '' && cell.getBoundingClientRect().height > 0) {
        window.__benchFirstRowMs = performance.now();
        return;
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

/**
 * One run: a new Chromium with a fresh, empty profile directory; a cold load of `url`, then (after
 * about:blank) a warm load with that profile's cache.
 */
export async function measureColdAndWarm(
  url: string,
  profile: LoadProfile,
  executablePath: string,
): Promise<{ cold: LoadResult; warm: LoadResult }> {
  const profileDir = mkdtempSync(join(tmpdir(), 'relayer-web-bench-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: profile.viewport,
    ...(profile.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
  });
  try {
    await context.addInitScript(FIRST_ROW_PROBE);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const recorder = await recordNetwork(cdp);
    if (profile.network) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.network.latencyMs,
        downloadThroughput: profile.network.downloadBytesPerSec,
        uploadThroughput: profile.network.uploadBytesPerSec,
      });
    }
    if (profile.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    const cold = await load(page, url, recorder);
    await page.goto('about:blank');
    const warm = await load(page, url, recorder);
    return { cold, warm };
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}

async function load(page: Page, url: string, recorder: NetworkRecorder): Promise<LoadResult> {
  recorder.reset();
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  const handle = await page.waitForFunction(
    () => (window as { __benchFirstRowMs?: number }).__benchFirstRowMs,
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  const firstRowMs = (await handle.jsonValue()) as number;
  await recorder.quiet(1_000, 30_000);
  const requests = recorder.requests();
  const sum = (list: RequestTiming[]) => ({
    requests: list.length,
    bytes: list.reduce((total, request) => total + request.bytes, 0),
  });
  return {
    firstRowMs,
    toRows: sum(requests.filter((request) => request.startMs < firstRowMs)),
    settled: sum(requests),
    requests,
  };
}

interface NetworkRecorder {
  reset(): void;
  requests(): RequestTiming[];
  /** Resolves once no request has been in flight for `quietMs` (or after `maxMs`). */
  quiet(quietMs: number, maxMs: number): Promise<void>;
}

interface Pending {
  url: string;
  type: string;
  start: number;
  end?: number;
  bytes: number;
  status?: number;
}

async function recordNetwork(cdp: CDPSession): Promise<NetworkRecorder> {
  let entries = new Map<string, Pending>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    lastActivity = Date.now();
    if (!/^https?:/.test(event.request.url) || entries.has(event.requestId)) return;
    entries.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp,
      bytes: 0,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = entries.get(event.requestId);
    if (entry) entry.status = event.response.status;
  });
  cdp.on('Network.loadingFinished', (event) => {
    lastActivity = Date.now();
    const entry = entries.get(event.requestId);
    if (!entry) return;
    entry.end = event.timestamp;
    entry.bytes = event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (event) => {
    lastActivity = Date.now();
    const entry = entries.get(event.requestId);
    if (entry) entry.end = event.timestamp;
  });
  await cdp.send('Network.enable');
  return {
    reset() {
      entries = new Map();
      lastActivity = Date.now();
    },
    requests() {
      const list = [...entries.values()];
      const document = list.find((entry) => entry.type === 'Document');
      const zero = document?.start ?? Math.min(...list.map((entry) => entry.start));
      return list
        .map((entry) => ({
          url: entry.url,
          type: entry.type,
          startMs: (entry.start - zero) * 1000,
          ...(entry.end === undefined ? {} : { endMs: (entry.end - zero) * 1000 }),
          bytes: entry.bytes,
          ...(entry.status === undefined ? {} : { status: entry.status }),
        }))
        .sort((a, b) => a.startMs - b.startMs);
    },
    async quiet(quietMs, maxMs) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline) {
        const inFlight = [...entries.values()].some((entry) => entry.end === undefined);
        if (!inFlight && Date.now() - lastActivity >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
