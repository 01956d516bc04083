import { relayerPaths, relayerUrl } from '../api/relayerPaths';
import { initialOrdersQueryState, toOrdersRequest } from '../browse/ordersQueryState';

/**
 * The relayer GETs the first view of `pathname` makes, as full URLs: on the home page the book's first
 * page (the default query of OrdersTable, unfiltered), and on every page the token list, the network
 * info and the rates (unless a ticker provides them). The boot script starts exactly these.
 */
export function bootRequestUrls(
  config: { tickerUrl?: string | undefined },
  variant: { relayerUrl: string },
  pathname: string,
): string[] {
  const paths: string[] = [];
  if (pathname === '/') paths.push(relayerPaths.orders(toOrdersRequest(initialOrdersQueryState({}))));
  paths.push(relayerPaths.tokens, relayerPaths.networkInfo);
  if (!config.tickerUrl) paths.push(relayerPaths.rates);
  return paths.map((path) => relayerUrl(variant.relayerUrl, path));
}
