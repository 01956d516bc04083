import { MAX_UINT256 } from '../internal/hex';
import { decodeJsonText, parseDecoded, type SraParseResult } from './parseWithSraErrors';
import { type SignedOrder, signedOrderSchema } from './signedOrderSchema';

/**
 * Parses a submitted signed order (object or JSON text) into an SRA-shaped result. A well-formed order
 * (the common case) is read by `readWellFormedOrder` without zod; anything it does not take is parsed by
 * `signedOrderSchema`, which accepts exactly what it accepts, with the same output, and words every refusal.
 */
export function parseSignedOrder(input: unknown): SraParseResult<SignedOrder> {
  const decoded = decodeJsonText(input);
  if (decoded.malformed) return { success: false, malformedJson: true, errors: [] };
  const order = readWellFormedOrder(decoded.value);
  if (order) return { success: true, data: order };
  return parseDecoded(signedOrderSchema, decoded.value);
}

const ADDRESS = /^0x[0-9a-f]{40}$/;
const UINT = /^\d+$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const MAX_UINT256_DIGITS = MAX_UINT256.toString().length;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function address(value: unknown): `0x${string}` | undefined {
  return typeof value === 'string' && ADDRESS.test(value) ? (value as `0x${string}`) : undefined;
}

/** `uint256StringSchema`'s output: decimal digits, leading zeros dropped, at most 2^256 - 1. */
function uint(value: unknown): string | undefined {
  if (typeof value !== 'string' || !UINT.test(value)) return undefined;
  const digits = value.length > 1 && value[0] === '0' ? value.replace(/^0+(?=\d)/, '') : value;
  if (digits.length > MAX_UINT256_DIGITS) return undefined;
  if (digits.length === MAX_UINT256_DIGITS && BigInt(digits) > MAX_UINT256) return undefined;
  return digits;
}

function bytes32(value: unknown): `0x${string}` | undefined {
  return typeof value === 'string' && BYTES32.test(value)
    ? (value.toLowerCase() as `0x${string}`)
    : undefined;
}

/**
 * The order `signedOrderSchema` would parse `value` into, built the same way (its keys in the schema's
 * order, extra keys dropped), when every field is well formed; undefined otherwise (the schema then
 * parses it and says what is wrong). test/schemas: the two agree on arbitrary input.
 */
export function readWellFormedOrder(value: unknown): SignedOrder | undefined {
  if (!isObject(value)) return undefined;
  const signature = value.ecSignature;
  if (!isObject(signature)) return undefined;
  const { v } = signature;
  if (v !== 27 && v !== 28) return undefined;
  const r = bytes32(signature.r);
  const s = bytes32(signature.s);
  const exchangeContractAddress = address(value.exchangeContractAddress);
  const maker = address(value.maker);
  const taker = address(value.taker);
  const makerTokenAddress = address(value.makerTokenAddress);
  const takerTokenAddress = address(value.takerTokenAddress);
  const feeRecipient = address(value.feeRecipient);
  const makerTokenAmount = uint(value.makerTokenAmount);
  const takerTokenAmount = uint(value.takerTokenAmount);
  const makerFee = uint(value.makerFee);
  const takerFee = uint(value.takerFee);
  const expirationUnixTimestampSec = uint(value.expirationUnixTimestampSec);
  const salt = uint(value.salt);
  if (
    r === undefined ||
    s === undefined ||
    exchangeContractAddress === undefined ||
    maker === undefined ||
    taker === undefined ||
    makerTokenAddress === undefined ||
    takerTokenAddress === undefined ||
    feeRecipient === undefined ||
    makerTokenAmount === undefined ||
    takerTokenAmount === undefined ||
    makerFee === undefined ||
    takerFee === undefined ||
    expirationUnixTimestampSec === undefined ||
    salt === undefined
  ) {
    return undefined;
  }
  return {
    exchangeContractAddress,
    maker,
    taker,
    makerTokenAddress,
    takerTokenAddress,
    feeRecipient,
    makerTokenAmount,
    takerTokenAmount,
    makerFee,
    takerFee,
    expirationUnixTimestampSec,
    salt,
    ecSignature: { v, r, s },
  };
}
