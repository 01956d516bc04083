let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});
let afterShown: Promise<void> | undefined;

/** The order book has its first answer on screen (rows or "no orders"): the first view is done. */
export function markFirstViewShown(): void {
  markShown();
}

/**
 * Resolves when work the first view does not need may start: after the order book is on screen and the
 * browser has had an idle moment (a page without a book: 3 s after its load event). The wallet stack
 * waits for it, so it never competes with the book for bandwidth or the main thread.
 */
export function afterFirstView(): Promise<void> {
  afterShown ??= Promise.race([shown, loaded().then(() => delay(3_000))]).then(idle);
  return afterShown;
}

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: 1_000 });
    } else setTimeout(resolve, 50);
  });
}
