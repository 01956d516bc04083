/**
 * Characters a token's name or symbol may not show as themselves: format characters (zero-width
 * spaces and joiners, bidirectional embeddings, overrides and isolates, the BOM), controls, line and
 * paragraph separators, spaces other than the plain one, private-use and unassigned code points. Any of
 * them (or a lone surrogate half) can hide or reorder what the reader sees (U+202E followed by "HTEW" displays as "WETH").
 */
const HIDDEN = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]|(?! )\p{Zs}/gu;

export interface SafeText {
  /** The text to render: each hidden character spelled out as ⟨U+XXXX⟩, clamped to the length. */
  text: string;
  /** Some characters were spelled out. */
  hidden: boolean;
  /** The text was cut (the full form belongs in a tooltip). */
  clamped: boolean;
}

/**
 * Makes attacker-chosen token text harmless to show: hidden characters become visible code points and
 * the result is cut to `maxLength` characters (code points, so no surrogate pair is split), with an
 * ellipsis. React still escapes it; this only makes sure what renders is what the text is.
 */
export function safeTokenText(raw: string, maxLength: number): SafeText {
  let hidden = false;
  const visible = raw.replace(HIDDEN, (char) => {
    hidden = true;
    return `⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`;
  });
  const chars = Array.from(visible);
  const clamped = chars.length > maxLength;
  return {
    text: clamped ? `${chars.slice(0, Math.max(1, maxLength - 1)).join('')}…` : visible,
    hidden,
    clamped,
  };
}

/** Lengths the UI clamps token text to. */
export const SYMBOL_MAX = 12;
export const NAME_MAX = 40;
