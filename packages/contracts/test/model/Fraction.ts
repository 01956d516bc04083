/**
 * An exact non-negative rational number of bigint numerator and denominator, so the model states v1's
 * rounding as "the exact share, then the floor the contract takes" without borrowing the protocol
 * package's integer formulas: a misreading shared by the TypeScript library and the Solidity would
 * otherwise pass the differential test unseen.
 */
export class Fraction {
  private constructor(
    readonly numerator: bigint,
    readonly denominator: bigint,
  ) {}

  static of(numerator: bigint, denominator = 1n): Fraction {
    if (denominator === 0n) throw new RangeError('a fraction needs a non-zero denominator');
    if (numerator < 0n || denominator < 0n)
      throw new RangeError('the model only needs non-negative fractions');
    const divisor = gcd(numerator, denominator);
    return new Fraction(numerator / divisor, denominator / divisor);
  }

  times(other: Fraction): Fraction {
    return Fraction.of(this.numerator * other.numerator, this.denominator * other.denominator);
  }

  minus(other: Fraction): Fraction {
    return Fraction.of(
      this.numerator * other.denominator - other.numerator * this.denominator,
      this.denominator * other.denominator,
    );
  }

  dividedBy(other: Fraction): Fraction {
    return Fraction.of(this.numerator * other.denominator, this.denominator * other.numerator);
  }

  /** The greatest integer not above this fraction. */
  floor(): bigint {
    return this.numerator / this.denominator;
  }

  isZero(): boolean {
    return this.numerator === 0n;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}
