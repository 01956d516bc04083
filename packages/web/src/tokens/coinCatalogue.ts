import { marketSymbol } from '@relayer/protocol';

let catalogue: Promise<Record<string, string>> | undefined;

/**
 * The bundled image of a catalogue coin (WETH falls back to ETH's), or undefined when the icon set has
 * none. Callers pass the coin a token is by its address (`coinForToken`), never a token's own symbol.
 * The icon URLs are their own chunk, loaded on first use.
 */
export async function loadCoinIcon(coinSymbol: string): Promise<string | undefined> {
  catalogue ??= import('./coinIconUrls').then((module) => module.coinIconUrls);
  const icons = await catalogue;
  const upper = coinSymbol.trim().toUpperCase();
  const market = marketSymbol(upper);
  return Object.hasOwn(icons, upper)
    ? icons[upper]
    : Object.hasOwn(icons, market)
      ? icons[market]
      : undefined;
}
