/** The maker-independent terms of an order; almost every order of a book shares one (interned). */
export interface BookTerms {
  readonly exchange: string;
  readonly taker: string;
  readonly feeRecipient: string;
}

/**
 * The constant parts of an order's JSON for one pair and terms: from the opening brace to the maker's
 * address, and from after it to the maker amount. Made once, so a page writes them as two pieces
 * instead of ~20.
 */
export interface JsonSegments {
  readonly terms: BookTerms;
  readonly head: string;
  readonly middle: string;
}
