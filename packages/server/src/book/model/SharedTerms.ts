import type { BookTerms } from './BookTerms.js';

/** Terms with how many of the book's orders use them (counted by NetworkBook's add, remove and load). */
export interface CountedTerms extends BookTerms {
  uses: number;
}

/**
 * The shared terms objects of one book, by exchange (one object, or several with other takers or fee
 * recipients): no key is made per order, so an order whose terms are its own costs its object and
 * one entry.
 */
export class SharedTerms {
  readonly #terms = new Map<string, CountedTerms | CountedTerms[]>();

  /** The shared terms object (its use is counted by the book). */
  terms(exchange: string, taker: string, feeRecipient: string): BookTerms {
    const known = this.#terms.get(exchange);
    const same = (terms: CountedTerms) => terms.taker === taker && terms.feeRecipient === feeRecipient;
    if (known !== undefined && !Array.isArray(known) && same(known)) return known;
    const found = Array.isArray(known) ? known.find(same) : undefined;
    if (found) return found;
    const terms = { exchange, taker, feeRecipient, uses: 0 };
    if (known === undefined) this.#terms.set(exchange, terms);
    else if (Array.isArray(known)) known.push(terms);
    else this.#terms.set(exchange, [known, terms]);
    return terms;
  }

  /** Forgets terms no order uses any more. */
  drop(terms: CountedTerms): void {
    const known = this.#terms.get(terms.exchange);
    if (known === terms) {
      this.#terms.delete(terms.exchange);
    } else if (Array.isArray(known)) {
      const rest = known.filter((other) => other !== terms);
      this.#terms.set(terms.exchange, rest.length === 1 ? (rest[0] as CountedTerms) : rest);
    }
  }
}
