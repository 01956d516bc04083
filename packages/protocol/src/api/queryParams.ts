import { z } from 'zod';

/**
 * A page size in a query string: decimal digits only (no sign, exponent, hex or spaces, which
 * `Number()` would take), then the range; the default when absent.
 */
export function perPageParam(max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d{1,6}$/, { message: `must be a whole number from 1 to ${max}` })
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .default(fallback);
}

/**
 * A market filter names both of its tokens or neither: refuses a query with one of
 * `baseTokenAddress`/`quoteTokenAddress`, naming the missing one (SRA code 1000).
 */
export function requireBothOfPair(
  query: { baseTokenAddress?: string | undefined; quoteTokenAddress?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const hasBase = query.baseTokenAddress !== undefined;
  if (hasBase === (query.quoteTokenAddress !== undefined)) return;
  const missing = hasBase ? 'quoteTokenAddress' : 'baseTokenAddress';
  const given = hasBase ? 'baseTokenAddress' : 'quoteTokenAddress';
  ctx.addIssue({ code: 'custom', path: [missing], message: `is required with ${given}` });
}
