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
  /**
   * From navigation start (performance.timeOrigin) to the frame in which the first order row is on
   * screen: the web server's static first rows (serve/renderFirstRows.ts) or the app's own.
   */
  firstRowMs: number;
  /** The same for the app's own rows (table rows or phone cards). */
  appRowMs: number;
  /** The same for the first of the app's rows to show its Take button: the book is usable. */
  usableMs: number;
  /** Cumulative Layout Shift up to the end of the load (shifts after input excluded). */
  layoutShift: number;
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
 * Installed before the page's own scripts: on every animation frame, looks for an order row with text
 * and a size; the frame it is found in is the one that paints it. Any row counts for the first rows
 * (the server's static ones included); the app's rows are the book table's rows (or a grid's, or a
 * phone's order cards), and they are usable once one shows its Take button. Layout shifts not caused by
 * input are summed into session windows (gaps under 1 s, at most 5 s) as Cumulative Layout Shift is.
 * The page's CSP does not apply to scripts the browser is told to evaluate over CDP.
 */
const FIRST_ROW_PROBE = `(() => {
  const APP_ROWS = '[data-order-row], [role="grid"] [role="row"], [data-order-card]';
  const shownIn = (elements) => {
    for (const element of elements) {
      if (element.textContent.trim() !== '' && element.getBoundingClientRect().height > 0) return true;
    }
    return false;
  };
  const takeShown = () => {
    for (const row of document.querySelectorAll(APP_ROWS)) {
      for (const button of row.querySelectorAll('button')) {
        if (button.textContent.trim() === 'Take' && button.getBoundingClientRect().height > 0) return true;
      }
    }
    return false;
  };
  const look = () => {
    const now = performance.now();
    if (window.__benchFirstRowMs === undefined && shownIn(document.querySelectorAll(APP_ROWS + ', [data-first-row]')))
      window.__benchFirstRowMs = now;
    if (window.__benchAppRowMs === undefined && shownIn(document.querySelectorAll(APP_ROWS))) {
      window.__benchFirstRowMs ??= now;
      window.__benchAppRowMs = now;
    }
    if (takeShown()) {
      window.__benchFirstRowMs ??= now;
      window.__benchAppRowMs ??= now;
      window.__benchUsableMs = now;
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  const windows = { cls: 0, current: 0, first: 0, last: 0 };
  window.__benchLayoutShift = windows;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const t = entry.startTime;
      if (windows.current > 0 && t - windows.last < 1000 && t - windows.first < 5000) {
        windows.current += entry.value;
      } else {
        windows.current = entry.value;
        windows.first = t;
      }
      windows.last = t;
      windows.cls = Math.max(windows.cls, windows.current);
    }
  }).observe({ type: 'layout-shift', buffered: true });
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
    () => {
      const probe = window as {
        __benchFirstRowMs?: number;
        __benchAppRowMs?: number;
        __benchUsableMs?: number;
      };
      return probe.__benchUsableMs === undefined
        ? undefined
        : {
            first: probe.__benchFirstRowMs ?? probe.__benchUsableMs,
            app: probe.__benchAppRowMs ?? probe.__benchUsableMs,
            usable: probe.__benchUsableMs,
          };
    },
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  const {
    first: firstRowMs,
    app: appRowMs,
    usable: usableMs,
  } = (await handle.jsonValue()) as {
    first: number;
    app: number;
    usable: number;
  };
  await recorder.quiet(1_000, 30_000);
  const layoutShift = await page.evaluate(
    () => (window as { __benchLayoutShift?: { cls: number } }).__benchLayoutShift?.cls ?? 0,
  );
  const requests = recorder.requests();
  const sum = (list: RequestTiming[]) => ({
    requests: list.length,
    bytes: list.reduce((total, request) => total + request.bytes, 0),
  });
  return {
    firstRowMs,
    appRowMs,
    usableMs,
    layoutShift,
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
