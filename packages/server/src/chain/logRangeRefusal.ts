import { errorMessages } from './errorMessages.js';

/**
 * How nodes refuse an `eth_getLogs` that spans too many blocks or matches too many logs: geth and Infura
 * ("query returned more than 10000 results"), Alchemy ("Log response size exceeded … this block range
 * should work: [0x…, 0x…]"), BSC, Ankr, QuickNode, Chainstack and others ("block range is too large",
 * "exceed maximum block range: 5000", "eth_getLogs is limited to a 10,000 range", "requested too many
 * blocks from … maximum is set to 2048", "query timeout exceeded").
 */
const REFUSAL = [
  /returned more than \d[\d,]* results/i,
  /(log )?response size (exceeded|is too large|too big)/i,
  /block range.*(too (large|wide|big)|exceed|limit|maximum|should work)/i,
  /range (is )?too (large|wide|big)/i,
  /exceed(s|ed)? (the )?(max(imum)?|block) ?(block )?range/i,
  /limited to (a )?[\d,]+ (block )?range/i,
  /too many (blocks|results|logs)/i,
  /max(imum)? (block )?range/i,
  /ranges? over [\d,]+ blocks/i,
  /query timeout exceeded|query exceeds/i,
];

export interface LogRangeRefusal {
  /** The span the node suggested (its own range, or its stated maximum), when it named one. */
  suggestedSpan?: number;
}

/** The node's refusal of an `eth_getLogs` for its size, or null when the error is something else. */
export function logRangeRefusal(error: unknown): LogRangeRefusal | null {
  const messages = errorMessages(error);
  const refused = messages.find((message) => REFUSAL.some((shape) => shape.test(message)));
  if (refused === undefined) return null;
  const suggestedSpan = suggestedSpanOf(refused);
  return suggestedSpan === undefined ? {} : { suggestedSpan };
}

function suggestedSpanOf(message: string): number | undefined {
  const pair = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(message);
  if (pair?.[1] && pair[2]) {
    const span = Number(BigInt(pair[2]) - BigInt(pair[1])) + 1;
    return span >= 1 ? span : undefined;
  }
  // A stated block maximum ("maximum block range: 5000", "limited to a 10,000 range", "maximum is set to
  // 2048"), but not a result count ("a cap of 10000 results").
  const limit = /(?:max(?:imum)?|limit(?:ed)?|up to)\D{0,30}?(\d[\d,]*)(?![\d,]|\s*(?:results|logs))/i.exec(
    message,
  );
  if (!limit?.[1]) return undefined;
  const span = Number(limit[1].replaceAll(',', ''));
  return Number.isSafeInteger(span) && span >= 1 ? span : undefined;
}
