import { findUnsafeCharacter } from './findUnsafeCharacter.js';

/** Most characters of someone else's text a refusal repeats. */
export const MAX_QUOTED_CHARS = 24;

/**
 * Text a client or a token contract chose, made fit to repeat in an error reason: at most
 * `MAX_QUOTED_CHARS` code points (then '…'), and any character `findUnsafeCharacter` refuses shown as
 * its `U+XXXX` code instead of itself, so a reason can neither grow without bound nor hide or reorder
 * what it says. Quoted (unless `marks` says otherwise), so where it starts and ends is plain.
 */
export function quoteUntrusted(text: string, max = MAX_QUOTED_CHARS, marks = '"'): string {
  const chars = [...text];
  const shown = chars
    .slice(0, max)
    .map((char) => {
      const unsafe = findUnsafeCharacter(char);
      return unsafe ? `<${unsafe.codePoint}>` : char;
    })
    .join('');
  return `${marks}${shown}${chars.length > max ? '…' : ''}${marks}`;
}
