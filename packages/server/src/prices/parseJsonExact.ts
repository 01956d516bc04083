const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * JSON.parse, except that every number comes back as its exact source text ("2501.123456789012345678")
 * instead of a double: market APIs send prices as JSON numbers, and a price stays an exact decimal
 * until it is shown. Node 20 lacks JSON.parse's source-text access, so numbers outside strings are
 * quoted before parsing. Throws as JSON.parse does on text that is not JSON.
 */
export function parseJsonExact(text: string): unknown {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = endOfString(text, i);
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) {
        i += 1;
        continue;
      }
      out += `${text.slice(copied, i)}"${match[0]}"`;
      i += match[0].length;
      copied = i;
    } else {
      i += 1;
    }
  }
  return JSON.parse(out + text.slice(copied));
}

/** The index just past the string literal that opens at `start` (or the end of an unterminated one). */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 2;
    else if (c === 0x22) return i + 1;
    else i += 1;
  }
  return i;
}
