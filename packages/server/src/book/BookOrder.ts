/** The maker-independent terms of an order; almost every order of a book shares one (interned). */
export interface BookTerms {
  readonly exchange: string;
  readonly taker: string;
  readonly feeRecipient: string;
}

/**
 * An open order as the read model keeps it: compact (about 0.5 KB with its indexes' share), with
 * amounts as bigints, addresses, symbols and terms interned, and the signature packed as 65 bytes
 * (`v`, `r`, `s`) in a latin1 string. Its record and JSON are made when a page is served.
 *
 * The order's own fields never change. The chain state (filled, cancelled, fillable amounts, what the
 * maker lacks) and the row version change in place: none of them is a sort key. A new symbol is a new
 * BookOrder (symbols are sort keys).
 */
export class BookOrder {
  constructor(
    readonly hash: string,
    readonly maker: string,
    readonly makerToken: string,
    readonly takerToken: string,
    readonly makerSymbol: string,
    readonly takerSymbol: string,
    readonly terms: BookTerms,
    readonly makerAmount: bigint,
    readonly takerAmount: bigint,
    readonly makerFee: bigint,
    readonly takerFee: bigint,
    readonly expiration: bigint,
    readonly salt: bigint,
    /** v (one char), r and s (32 chars each), as latin1. */
    readonly signature: string,
    /** Unix ms when the relayer first accepted it. */
    readonly createdAt: number,
    /** The row's version (`orders.version`): changes apply only over an older one. */
    public version: number,
    public filled: bigint,
    public cancelled: bigint,
    public fillableTaker: bigint,
    public fillableMaker: bigint,
    /** JSON array of Shortfall as stored ('[]' almost always). */
    public shortfalls: string,
  ) {}
}

/** The chain state of an order, which changes in place. */
export interface BookChainState {
  version: number;
  filled: bigint;
  cancelled: bigint;
  fillableTaker: bigint;
  fillableMaker: bigint;
  shortfalls: string;
}

/** Packs v, r and s (0x-prefixed 32-byte hex) as BookOrder keeps them. */
export function packSignature(v: number, r: string, s: string): string {
  return String.fromCharCode(v) + Buffer.from(r.slice(2) + s.slice(2), 'hex').toString('latin1');
}

export function signatureV(signature: string): number {
  return signature.charCodeAt(0);
}

/** Scratch bytes for turning a packed signature into hex (one buffer, reused: reads are synchronous). */
const SIGNATURE_BYTES = Buffer.allocUnsafe(65);

/** r and s as 128 hex digits (no prefix), in one conversion: what a page writes per order. */
export function signatureHex(signature: string): string {
  SIGNATURE_BYTES.write(signature, 0, 65, 'latin1');
  return SIGNATURE_BYTES.toString('hex', 1, 65);
}

export function signatureR(signature: string): string {
  return `0x${signatureHex(signature).slice(0, 64)}`;
}

export function signatureS(signature: string): string {
  return `0x${signatureHex(signature).slice(64)}`;
}
