import { marketSymbol } from '@relayer/protocol';
import { lookalikeKeys } from './confusableSkeleton.js';

export interface ListedText {
  address: string;
  name: string;
  symbol: string;
}

export interface Lookalike {
  /** The listed token the new text looks like. */
  token: ListedText;
  /** What it looks like: the token's symbol, or the market symbol it is priced under (WETH is ETH). */
  looksLike: string;
}

/**
 * Skeleton keys per text, so a directory of thousands of symbols is skeletonised once per process; at
 * most MEMO_LIMIT texts and MEMO_BYTES characters of texts and keys, then it starts again.
 */
const memo = new Map<string, readonly string[]>();
const MEMO_LIMIT = 100_000;
const MEMO_BYTES = 8 * 1024 * 1024;
const memoSize = { bytes: 0 };

function keysOf(text: string): readonly string[] {
  let keys = memo.get(text);
  if (!keys) {
    keys = lookalikeKeys(text);
    const bytes = text.length + keys.reduce((sum, key) => sum + key.length, 0);
    if (memo.size >= MEMO_LIMIT || memoSize.bytes + bytes > MEMO_BYTES) {
      memo.clear();
      memoSize.bytes = 0;
    }
    memo.set(text, keys);
    memoSize.bytes += bytes;
  }
  return keys;
}

const clash = (a: readonly string[], b: readonly string[]) => a.some((key, i) => key === b[i]);

/**
 * The listed token that `text`, as a token's symbol or name, would be mistaken for, if any: the same
 * confusable skeleton (`lookalikeKeys`) as that token's symbol or name. A symbol is also held against
 * the market symbol a token is priced and shown under, so `ETH` cannot pass for wrapped ether. `except`
 * skips the token itself.
 */
export function findLookalike(
  field: 'symbol' | 'name',
  text: string,
  listed: readonly ListedText[],
  except?: string,
): Lookalike | undefined {
  const wanted = keysOf(text);
  for (const token of listed) {
    if (token.address === except) continue;
    const theirs = token[field];
    if (clash(wanted, keysOf(theirs))) return { token, looksLike: theirs };
    if (field === 'symbol') {
      const market = marketSymbol(theirs);
      if (market !== theirs.trim().toUpperCase() && clash(wanted, keysOf(market))) {
        return { token, looksLike: market };
      }
    }
  }
  return undefined;
}
