/** The market view's URL: tokens by address (lower case), never by symbol, which anyone may choose. */
export function marketPath(base: string, quote: string): string {
  return `/markets/${base.toLowerCase()}/${quote.toLowerCase()}`;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function isAddressText(text: string | undefined): text is string {
  return text !== undefined && ADDRESS.test(text);
}
