import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';

/** A base-unit amount the taker asks for: an integer string from 1 to 2^256 - 1. */
const askedAmount = uint256StringSchema.check((ctx) => {
  if (ctx.value === '0') {
    ctx.issues.push({
      code: 'too_small',
      origin: 'bigint',
      minimum: 1n,
      inclusive: true,
      input: ctx.value,
      message: 'must be at least 1 base unit',
    });
  }
});

/**
 * Query of `GET {prefix}/quote`: a market order's taker sells `sellToken` and buys `buyToken`, asking
 * for exactly one of `sellAmount` (what to pay) or `buyAmount` (what to receive), in base units. The
 * orders walked are those with `takerTokenAddress = sellToken` and `makerTokenAddress = buyToken`;
 * `takerAddress` leaves out the taker's own orders and is who the gas is estimated for.
 */
export const quoteQuerySchema = z
  .strictObject({
    sellToken: addressSchema.describe('The token the taker pays with (the orders’ taker token)'),
    buyToken: addressSchema.describe('The token the taker receives (the orders’ maker token)'),
    sellAmount: askedAmount.optional().describe('Base units of sellToken to pay (or give buyAmount)'),
    buyAmount: askedAmount.optional().describe('Base units of buyToken to receive (or give sellAmount)'),
    takerAddress: addressSchema
      .optional()
      .describe('Who will send the fill: its own orders are left out, and the gas is estimated from it'),
  })
  .superRefine((query, ctx) => {
    const sell = query.sellAmount !== undefined;
    const buy = query.buyAmount !== undefined;
    if (!sell && !buy)
      ctx.addIssue({ code: 'custom', path: ['sellAmount'], message: 'or buyAmount is required' });
    if (sell && buy)
      ctx.addIssue({
        code: 'custom',
        path: ['buyAmount'],
        message: 'must not be given with sellAmount: ask for one',
      });
  });
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;
