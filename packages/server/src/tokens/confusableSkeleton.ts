import unhomoglyph from 'unhomoglyph';
import { asciiLookalikeFold } from './asciiLookalikeFold.js';

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const MARKS = /\p{M}/gu;

/**
 * The UTS #39 skeleton of `text` (Unicode Security Mechanisms, section 4) made stricter: NFKC first, so
 * compatibility forms such as full-width `ＷＥＴＨ` are their plain letters; Default_Ignorable code points
 * removed; NFD with every combining mark dropped, so `USDĆ` is `USDC`; each character replaced by its
 * prototype from Unicode's full confusables.txt (the `unhomoglyph` package ships it, multi-letter
 * prototypes included: `m` becomes `rn`, `1`, `I` and `|` become `l`, `0` becomes `O`); marks a prototype
 * brought dropped again. `WΕTH` with a Greek capital epsilon and `ZRХ` with a Cyrillic Ha become `WETH`
 * and `ZRX`.
 */
export function confusableSkeleton(text: string): string {
  const plain = text.normalize('NFKC').replace(IGNORABLE, '').normalize('NFD').replace(MARKS, '');
  return unhomoglyph(plain).normalize('NFD').replace(MARKS, '');
}

/**
 * The keys under which two names or symbols count as lookalikes: the skeleton as written, the
 * skeletons of its upper- and lower-case forms, and those two folded by `asciiLookalikeFold` (listed
 * symbols are ASCII, so `VVETH` and `U5DC` are `WETH` and `USDC`). The relayer already treats symbols
 * case-insensitively (`wEtH` is `WETH`), and some confusables exist in one case only (a Greek small
 * epsilon is not in the table, its capital is), so a match on any one key is a clash.
 */
export function lookalikeKeys(text: string): [string, string, string, string, string] {
  const trimmed = text.trim();
  const upper = confusableSkeleton(trimmed.toUpperCase());
  const lower = confusableSkeleton(trimmed.toLowerCase());
  return [confusableSkeleton(trimmed), upper, lower, asciiLookalikeFold(upper), asciiLookalikeFold(lower)];
}
