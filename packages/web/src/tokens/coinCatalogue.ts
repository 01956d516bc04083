import { marketSymbol } from '@relayer/protocol';

let catalogue: Promise<Record<string, string>> | undefined;

/**
 * The bundled coin image for a token symbol (WETH falls back to ETH's), or undefined when the catalogue
 * has none. The catalogue is its own chunk, loaded on first use.
 */
export async function loadCoinIcon(symbol: string): Promise<string | undefined> {
  catalogue ??= import('./coinIconUrls').then((module) => module.coinIconUrls);
  const icons = await catalogue;
  const upper = symbol.trim().toUpperCase();
  return (Object.hasOwn(icons, upper) ? icons[upper] : undefined) ?? icons[marketSymbol(upper)];
}
