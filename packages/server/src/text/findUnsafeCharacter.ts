/**
 * Characters a token's name or symbol may not contain: controls (Cc), format characters (Cf: zero-width
 * spaces and joiners, the bidirectional overrides and isolates, the BOM, soft hyphens), private-use (Co),
 * lone surrogates (Cs), unassigned code points (Cn), line and paragraph separators, every
 * Default_Ignorable_Code_Point (variation selectors, Hangul fillers and the like, which render as
 * nothing), and any whitespace but the plain space. Each of them either renders as nothing, reorders
 * what follows (U+202E shows "HTEW" as "WETH"), or depends on a font: all ways to make one token pass
 * for another.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|[^\S ]/u;

export interface UnsafeCharacter {
  /** `U+202E` notation: the refusal names the character without printing it. */
  codePoint: string;
  /** 1-based position in code points. */
  position: number;
}

/** The first character of `text` a token's name or symbol may not contain, if any. */
export function findUnsafeCharacter(text: string): UnsafeCharacter | undefined {
  let position = 0;
  for (const char of text) {
    position += 1;
    if (UNSAFE.test(char)) {
      const code = char.codePointAt(0) ?? 0;
      return { codePoint: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`, position };
    }
  }
  return undefined;
}
