/** SPEC §2: the overview slug is the lower-case ticker; a trailing '*' becomes the word 'star'. */
export function coinSlug(symbol: string): string {
  return symbol.trim().toLowerCase().replace(/\*$/, 'star');
}
