import type { OrderRow } from '../shared/order/toOrderRow';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { trustAddress } from '../tokens/trust/trustAddress';

/** The symbol a row's amount is shown with: the token's as displayed, else its address as trust shows it. */
export function rowSymbol(row: OrderRow, side: 'makerToken' | 'takerToken'): string {
  const { token, address } = row[side];
  return token ? displaySymbol(token) : trustAddress(address);
}
