import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { ChainHelper } from './ChainHelper.ts';
import { readStackInfo, type StackInfo, type VariantKey } from './stack/StackInfo.ts';
import { TestWallet } from './wallet/TestWallet.ts';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '../screenshots');

export interface OpenAppOptions {
  variant?: VariantKey;
  /** Dev account the injected wallet uses; omit for a browser without a wallet. */
  account?: number;
  /** The chain the wallet reports; default the variant's own. */
  walletChainId?: number;
  /** Click "Connect wallet" once the page is up (default true when there is a wallet). */
  connect?: boolean;
}

export interface OpenedApp {
  page: Page;
  wallet?: TestWallet;
}

interface Fixtures {
  /** Resets the stack before every journey (auto). */
  freshStack: undefined;
  main: ChainHelper;
  kovan: ChainHelper;
  openApp(options?: OpenAppOptions): Promise<OpenedApp>;
  /** Saves a review screenshot as screenshots/<name>.png. */
  snap(name: string): Promise<void>;
}

export const test = base.extend<Fixtures, { stack: StackInfo }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  stack: [async ({}, use) => use(readStackInfo()), { scope: 'worker' }],
  freshStack: [
    async ({ stack }, use) => {
      const response = await fetch(`${stack.controlUrl}/reset`, { method: 'POST' });
      if (!response.ok) throw new Error(`stack reset failed: ${await response.text()}`);
      await use(undefined);
    },
    { auto: true },
  ],
  main: async ({ stack }, use) => use(new ChainHelper(stack.chains.main, stack.relayerUrl.main)),
  kovan: async ({ stack }, use) => use(new ChainHelper(stack.chains.kovan, stack.relayerUrl.kovan)),
  openApp: async ({ page, stack }, use) => {
    await use(async (options = {}) => {
      const variant = options.variant ?? 'main';
      const chain = stack.chains[variant];
      let wallet: TestWallet | undefined;
      if (options.account !== undefined) {
        wallet = await TestWallet.install(page, {
          address: new ChainHelper(chain, stack.relayerUrl[variant]).address(options.account),
          chainId: options.walletChainId ?? chain.chainId,
          rpcUrls: {
            [stack.chains.main.chainId]: stack.chains.main.rpcUrl,
            [stack.chains.kovan.chainId]: stack.chains.kovan.rpcUrl,
          },
        });
      }
      await page.goto(stack.siteUrl[variant]);
      // The app's own toolbar (the web server's first paint has none), with the site's name: no heading,
      // each page has its own h1, and a 320 px toolbar may show none of it.
      await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
      await expect(page.getByRole('banner')).toContainText('a Free and Open 0x Relayer');
      if (wallet && options.connect !== false) {
        await page.getByRole('button', { name: 'Connect wallet' }).click();
        await expect(page.getByRole('button', { name: shortAddress(wallet.address) })).toBeVisible();
      }
      return { page, ...(wallet ? { wallet } : {}) };
    });
  },
  snap: async ({ page }, use) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await use(async (name) => {
      // Transitions fast-forwarded: a dialog snapped while fading in would show half-transparent.
      await page.screenshot({
        path: join(SCREENSHOTS, `${name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    });
  },
});

export { expect };

/** How the toolbar shows an address (web/src/format/shortenAddress). */
export function shortAddress(address: string): string {
  return `${address.slice(0, 8)}`;
}
