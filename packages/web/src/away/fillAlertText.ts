import type { TokenRecord, TradeRecord } from '@relayer/protocol';
import { formatShortAmount } from '../format/amounts';
import { shortenAddress } from '../format/shortenAddress';
import { displaySymbol } from '../tokens/trust/displaySymbol';

/**
 * The browser notification for a fill of the maker's order, in the maker's words: what they sold and
 * got. A token the registry did not verify says so, as TokenLabel does on screen, so a lookalike symbol
 * never passes for the real coin; an unknown one is named by its short address in base units.
 */
export function fillAlertText(
  trade: TradeRecord,
  byAddress: ReadonlyMap<string, TokenRecord>,
): { title: string; body: string } {
  const amount = (value: string, address: string) => {
    const token = byAddress.get(address);
    if (!token) return `${value} base units of ${shortenAddress(address)}`;
    const name = token.verified
      ? displaySymbol(token)
      : `${displaySymbol(token)} (unverified ${shortenAddress(address)})`;
    return `${formatShortAmount(value, token.decimals)} ${name}`;
  };
  return {
    title: 'Your order was filled',
    body: `You sold ${amount(trade.filledMakerTokenAmount, trade.makerTokenAddress)} for ${amount(trade.filledTakerTokenAmount, trade.takerTokenAddress)}.`,
  };
}
