import type { OrderRecord, TokenRecord } from '@relayer/protocol';
import { type AmountCell, type TokenCell, toOrderRow } from '../src/shared/order/toOrderRow.ts';
import { APP_TITLE } from '../src/shell/appTitle.ts';
import { SYMBOL_MAX, safeTokenText } from '../src/tokens/trust/safeTokenText.ts';
import { trustAddress } from '../src/tokens/trust/trustAddress.ts';

/** What the web server read from the relayer for the home page's first paint. */
export interface FirstRows {
  /** The book's first page, as the app's first query asks for it (the boot script's request). */
  orders: OrderRecord[];
  total: number;
  tokens: TokenRecord[];
}

/** Marks the static rows (the bench and the e2e journeys tell them from the app's own). */
export const FIRST_ROW_ATTRIBUTE = 'data-first-row';

/**
 * The book's first page as plain HTML inside #root, painted before any of the app's code has arrived
 * (a phone on a slow network waits seconds for it); React replaces it with the real page, actions
 * included, on its first render. No script, no inline style (boot.css styles it), so the CSP is the
 * page's own. Every text from the relayer is escaped, and token symbols are first made safe exactly as
 * the app's TokenLabel does (hidden characters spelled out, clamped) with the same trust marks.
 */
export function renderFirstRows({ orders, total, tokens }: FirstRows): string {
  const byAddress = new Map(tokens.map((token) => [token.address, token]));
  const nowMs = Date.now();
  const items = orders.map((order) => {
    const row = toOrderRow(order, {
      byAddress,
      prices: undefined,
      now: nowMs,
      nowSec: BigInt(Math.floor(nowMs / 1000)),
    });
    return (
      `<li class="first-rows-order" ${FIRST_ROW_ATTRIBUTE}="${escapeHtml(row.id)}">` +
      side('Maker offers', row.makerAmount, row.makerToken) +
      side('Maker wants', row.takerAmount, row.takerToken) +
      '</li>'
    );
  });
  const list = items.length
    ? `<ul class="first-rows-list" aria-label="Orders">${items.join('')}</ul>`
    : '<p class="first-rows-empty">No open orders yet</p>';
  const shown = orders.length ? `1–${orders.length} of ${total}` : '';
  return (
    '<div class="first-rows">' +
    `<header class="first-rows-bar"><span>${escapeHtml(APP_TITLE)}</span></header>` +
    '<main class="first-rows-main">' +
    '<div class="first-rows-loading" role="progressbar" aria-label="Loading"></div>' +
    list +
    (shown ? `<p class="first-rows-count">${shown}</p>` : '') +
    '</main></div>'
  );
}

function side(label: string, amount: AmountCell, cell: TokenCell): string {
  const figure = amount.partial ? `${amount.remaining} of ${amount.total}` : amount.remaining;
  return (
    '<div class="first-rows-side">' +
    `<span class="first-rows-label">${label}</span>` +
    `<span class="first-rows-amount">${escapeHtml(figure)}${amount.baseUnits ? ' (base units)' : ''}</span> ` +
    tokenLabel(cell) +
    '</div>'
  );
}

/** TokenLabel's text and marks: the safe symbol in a <bdi>, "Unverified" and the short address, or "Unlisted". */
function tokenLabel({ address, token }: TokenCell): string {
  const short = escapeHtml(trustAddress(address));
  if (!token) return `<bdi>${short}</bdi> <span class="first-rows-mark">Unlisted</span>`;
  const symbol = `<bdi>${escapeHtml(safeTokenText(token.symbol, SYMBOL_MAX).text)}</bdi>`;
  if (token.verified === true) return symbol;
  return `${symbol} <span class="first-rows-mark">Unverified</span> <span class="first-rows-address">${short}</span>`;
}

/** Text and attribute values as HTML: nothing in them can open or close an element or an attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
