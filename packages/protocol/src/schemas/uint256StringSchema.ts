import { z } from 'zod';
import { MAX_UINT256 } from '../internal/hex';

export { MAX_UINT256 } from '../internal/hex';

/** 2^256 has 78 decimal digits; anything longer (after leading zeros) is out of range without parsing it. */
const MAX_UINT256_DIGITS = MAX_UINT256.toString().length;

/**
 * A base-unit amount as a decimal integer string: digits only (no sign, fraction, exponent or
 * whitespace), value below 2^256. 0x's `/Number` schema tolerated a fraction, but the contract only
 * takes integers, so a relayer refuses it here rather than at fill time.
 *
 * Leading zeros are accepted (the hash only depends on the value) and normalised away, so one amount
 * has one stored spelling.
 */
export const uint256StringSchema = z
  .string({ error: 'must be a decimal integer string' })
  .regex(/^\d+$/, {
    message: 'must be a base-unit integer: decimal digits only, no sign, fraction or exponent',
    abort: true,
  })
  .overwrite((value) => value.replace(/^0+(?=\d)/, ''))
  .check((ctx) => {
    const value = ctx.value;
    if (value.length > MAX_UINT256_DIGITS || BigInt(value) > MAX_UINT256) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'bigint',
        maximum: MAX_UINT256,
        inclusive: true,
        input: value,
        message: 'must be less than 2^256',
      });
    }
  });
